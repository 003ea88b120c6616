#!/usr/bin/env node
// The Workers runtime types (worker-configuration.d.ts: bindings from wrangler.toml plus the
// runtime's own types) are generated, not committed: after install, and by the build whenever
// wrangler.toml is newer than the file. `wrangler types` works offline.
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const output = join(root, "worker-configuration.d.ts");

export function writeWorkerTypes({ force = false } = {}) {
  const config = join(root, "wrangler.toml");
  if (!force && existsSync(output) && statSync(output).mtimeMs >= statSync(config).mtimeMs) return false;
  execFileSync(join(root, "node_modules/.bin/wrangler"), ["types", "--strict-vars=false"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) writeWorkerTypes({ force: process.argv.includes("--force") });
