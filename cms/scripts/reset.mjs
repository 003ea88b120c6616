#!/usr/bin/env node
// Delete the local CMS data (database, uploads, logs) so the next start bootstraps and re-seeds.
//   node cms/scripts/reset.mjs [--data-dir cms/data]
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_DATA_DIR, DEFAULT_PORT } from "./lib.mjs";

const { values } = parseArgs({ options: { "data-dir": { type: "string" } } });
const dataDir = resolve(values["data-dir"] ?? DEFAULT_DATA_DIR);

try {
  const res = await fetch(`http://127.0.0.1:${DEFAULT_PORT}/server/ping`, { signal: AbortSignal.timeout(500) });
  if (res.ok) console.warn(`warning: something is serving on port ${DEFAULT_PORT}; stop the running CMS before using it again.`);
} catch {
  /* nothing running */
}

if (existsSync(dataDir)) {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`cms: deleted ${dataDir}; the next start re-creates and re-seeds it.`);
} else {
  console.log(`cms: nothing to delete (${dataDir} does not exist).`);
}
