#!/usr/bin/env node
// `npm start`: the whole site on http://localhost:3000, with hot module replacement.
// 1. unless API_BASE_URL points at another Directus, prepares (first run: bootstrap, schema,
//    permissions, demo content) and starts the local Directus on 127.0.0.1:8055; another one
//    (such as `npm run cms:cluster`'s balancer, API_BASE_URL=http://127.0.0.1:18055) must answer
//    /server/ping first;
// 2. runs Vite's dev server (vite.config.ts) on 127.0.0.1:3000: the worker in workerd through
//    @cloudflare/vite-plugin, the browser code and Tailwind with HMR. No build step: an edit to
//    a view or to app.css shows in the browser without a reload (measured by
//    scripts/dev-loop-timing.mjs).
// Ctrl-C stops both, with no process left behind.
import { appendFileSync, copyFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { root, startDevServer } from "./lib/processes.mjs";

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

/** Secrets added since .dev.vars files were first copied: one without them gets their development value. */
const addedSecrets = ["DIRECTUS_READ_TOKEN"];

/** Without DIRECTUS_READ_TOKEN pages would render without their blocks: an older .dev.vars gets it. */
function addNewSecrets() {
  const definedIn = (text, name) => new RegExp(`^\\s*${name}\\s*=`, "m").test(text);
  const example = readFileSync(join(root, ".dev.vars.example"), "utf8");
  const current = readFileSync(join(root, ".dev.vars"), "utf8");
  const lines = addedSecrets
    .filter((name) => !definedIn(current, name))
    .map((name) => example.split("\n").find((line) => new RegExp(`^\\s*${name}\\s*=`).test(line)))
    .filter((line) => line !== undefined);
  if (!lines.length) return;
  appendFileSync(join(root, ".dev.vars"), `${current === "" || current.endsWith("\n") ? "" : "\n"}${lines.join("\n")}\n`);
  console.log(`added to .dev.vars from .dev.vars.example: ${lines.map((line) => line.split("=")[0].trim()).join(", ")}`);
}

try {
  if (!existsSync(join(root, ".dev.vars"))) {
    copyFileSync(join(root, ".dev.vars.example"), join(root, ".dev.vars"));
    console.log("created .dev.vars from .dev.vars.example (local secrets)");
  } else {
    addNewSecrets();
  }

  if (apiBaseUrl === localCms) {
    const cms = await import("../cms/scripts/lib.mjs");
    const log = (message) => console.log(`[cms] ${message}`);
    await cms.prepareCms({ log });
    const running = await cms.startCms({ log });
    stops.push(running.stop);
    console.log(`[cms] Directus is up at ${running.url} (admin: ${running.url}/admin)`);
  } else {
    const answers = await fetch(`${apiBaseUrl.replace(/\/+$/, "")}/server/ping`, { signal: AbortSignal.timeout(5000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (!answers)
      throw new Error(
        `API_BASE_URL=${apiBaseUrl} does not answer /server/ping: start that Directus first (a local cluster: npm run cms:cluster).`,
      );
    console.log(`using the Directus at ${apiBaseUrl}`);
  }

  const dev = await startDevServer({ port, vars: { API_BASE_URL: apiBaseUrl } });
  stops.push(dev.stop);
  console.log(`\n  Meridian is running at http://localhost:${port}\n  Press Ctrl-C to stop.\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
