#!/usr/bin/env node
// Save the data model of a local CMS (default cms/data) to cms/schema/snapshot.yaml, after
// editing collections/fields in the Directus admin. Permissions, roles and flows are not part of
// the snapshot; they live in scripts/setup.mjs.
//   node cms/scripts/snapshot.mjs [--data-dir cms/data] [--out cms/schema/snapshot.yaml]
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_DATA_DIR, SNAPSHOT_FILE, directusCli } from "./lib.mjs";

const { values } = parseArgs({ options: { "data-dir": { type: "string" }, out: { type: "string" } } });
const dataDir = resolve(values["data-dir"] ?? DEFAULT_DATA_DIR);
const out = resolve(values.out ?? SNAPSHOT_FILE);
if (!existsSync(join(dataDir, "directus.db"))) {
  console.error(`cms: no database in ${dataDir}; start the CMS once (node cms/scripts/dev.mjs).`);
  process.exit(1);
}
await directusCli(["schema", "snapshot", "--yes", out], { dataDir, log: (m) => console.error(m) });
console.log(`cms: schema snapshot written to ${out}`);
