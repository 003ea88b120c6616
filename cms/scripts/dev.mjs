#!/usr/bin/env node
// Standalone local CMS: prepare cms/data (first run: bootstrap, schema, access, demo content)
// and serve Directus on http://127.0.0.1:8055 until Ctrl-C.
//   node cms/scripts/dev.mjs [--port 8055] [--data-dir cms/data]
import { parseArgs } from "node:util";
import { DEFAULT_DATA_DIR, DEFAULT_PORT, cmsConfig, prepareCms, startCms } from "./lib.mjs";

const { values } = parseArgs({
  options: { port: { type: "string" }, "data-dir": { type: "string" }, verbose: { type: "boolean", short: "v" } },
});
const opts = { dataDir: values["data-dir"] ?? DEFAULT_DATA_DIR, port: Number(values.port ?? DEFAULT_PORT), log: (m) => console.log(m) };

await prepareCms(opts);
const cms = await startCms({ ...opts, stdio: values.verbose ? "inherit" : "file" });
const c = cmsConfig(opts);
console.log(`
Directus is running:
  admin     ${cms.url}/admin   (${c.adminEmail} / ${c.adminPassword})
  GraphQL   POST ${cms.url}/graphql   (anonymous = published content, without page blocks or files)
  site      Authorization: Bearer ${c.readToken}   (published content with blocks and files)
  preview   Authorization: Bearer ${c.previewToken}
  log       ${c.dataDir}/directus.log
Press Ctrl-C to stop.`);

let stopping = false;
const shutdown = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping Directus ...`);
  await cms.stop();
  console.log("stopped.");
  process.exit(0);
};
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));
