#!/usr/bin/env node
// Save the data model of a local CMS (default cms/data) after editing collections/fields in the
// Directus admin: Directus' snapshot goes to a temp file and is split into the schema parts (each
// collection back to the feature or block that holds it, a new one to cms/schema/site.yaml), which
// stay the source of truth; cms/schema/snapshot.yaml is then merged from them (schema-parts.mjs).
// Permissions, roles and flows are not part of the snapshot; they live in scripts/setup.mjs.
//   node cms/scripts/snapshot.mjs [--data-dir cms/data] [--out FILE]
//   --out FILE: write Directus' snapshot to FILE as it is and leave the parts alone
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_DATA_DIR, SNAPSHOT_FILE, directusCli } from "./lib.mjs";
import { writeSplit } from "./schema-parts.mjs";

const { values } = parseArgs({ options: { "data-dir": { type: "string" }, out: { type: "string" } } });
const dataDir = resolve(values["data-dir"] ?? DEFAULT_DATA_DIR);
if (!existsSync(join(dataDir, "directus.db"))) {
  console.error(`cms: no database in ${dataDir}; start the CMS once (node cms/scripts/dev.mjs).`);
  process.exit(1);
}
const snapshot = (file) => directusCli(["schema", "snapshot", "--yes", file], { dataDir, log: (m) => console.error(m) });
if (values.out) {
  await snapshot(resolve(values.out));
  console.log(`cms: schema snapshot written to ${resolve(values.out)}`);
} else {
  const dir = mkdtempSync(join(tmpdir(), "meridian-snapshot-"));
  try {
    const file = join(dir, "snapshot.yaml");
    await snapshot(file);
    const notes = writeSplit(file);
    console.log(`cms: schema snapshot written into the schema parts, and ${SNAPSHOT_FILE} merged from them`);
    for (const note of notes) console.log(`cms: note: ${note}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
