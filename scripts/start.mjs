#!/usr/bin/env node
// `npm start`: the whole site on http://localhost:3000.
// 1. builds the client bundle and CSS;
// 2. unless API_BASE_URL points at another Directus, prepares (first run: bootstrap, schema,
//    permissions, demo content) and starts the local Directus on 127.0.0.1:8055;
// 3. runs the worker with `wrangler dev` on port 3000;
// Ctrl-C stops both, with no process left behind.
import { copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { root, startWorker } from "./lib/processes.mjs";

const localCms = "http://127.0.0.1:8055";
const apiBaseUrl = process.env.API_BASE_URL || localCms;
const port = Number(process.env.PORT || 3000);
const stops = [];
let stopping = false;

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log("\nstopping…");
  for (const stop of stops.reverse()) await stop().catch(() => {});
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

try {
  if (!existsSync(join(root, ".dev.vars"))) {
    copyFileSync(join(root, ".dev.vars.example"), join(root, ".dev.vars"));
    console.log("created .dev.vars from .dev.vars.example (local secrets)");
  }

  console.log("building client bundle and styles…");
  const build = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error("build failed");

  if (apiBaseUrl === localCms) {
    const cms = await import("../cms/scripts/lib.mjs");
    const log = (message) => console.log(`[cms] ${message}`);
    await cms.prepareCms({ log });
    const running = await cms.startCms({ log });
    stops.push(running.stop);
    console.log(`[cms] Directus is up at ${running.url} (admin: ${running.url}/admin)`);
  } else {
    console.log(`using the Directus at ${apiBaseUrl}`);
  }

  const worker = await startWorker({ port, vars: { API_BASE_URL: apiBaseUrl } });
  stops.push(worker.stop);
  console.log(`\n  Meridian is running at http://localhost:${port}\n  Press Ctrl-C to stop.\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
