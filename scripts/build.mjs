#!/usr/bin/env node
// `npm run build [-- --env preprod|prod]`: the production build, through Vite (vite.config.ts):
//   0. GraphQL result types and each operation's collections (plugin meridian:graphql-codegen)
//   1. Tailwind theme tokens from src/config/design-tokens.ts (plugin meridian:design-tokens)
//   2. the hydration bundle: content-hashed files in dist/client/static, route-level chunks,
//      islands (`X.client.tsx`), production React; a `*.server.ts(x)` module in it fails the build
//   3. one content-hashed CSS file (@tailwindcss/vite) and the self-hosted font
//   4. public files from assets/
//   5. _headers: immutable caching for hashed files, security headers for every static file
//   6. src/generated/asset-manifest.json (from Vite's build manifest) for the worker, then the
//      worker itself into dist/worker, with the wrangler.json that `wrangler deploy` and
//      `wrangler dev` use (.wrangler/deploy/config.json points at it).
// The wrangler environment is chosen at build time: `--env prod` (CLOUDFLARE_ENV=prod). A plain
// build is the top-level (dev) environment, whatever `wrangler deploy --env` says afterwards.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({ options: { env: { type: "string" } } });
if (args.env) {
  if (!["preprod", "prod"].includes(args.env)) throw new Error(`--env: preprod or prod, not ${args.env}`);
  process.env.CLOUDFLARE_ENV = args.env;
}
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.WRANGLER_SEND_METRICS ??= "false";

const started = performance.now();
const { createBuilder } = await import("vite");
const builder = await createBuilder({ root, configFile: join(root, "vite.config.ts"), logLevel: process.env.BUILD_LOG ?? "warn" });
await builder.buildApp();

const manifest = JSON.parse(readFileSync(join(root, "src/generated/asset-manifest.json"), "utf8"));
for (const file of [manifest.clientEntry, manifest.css, manifest.font]) {
  if (!existsSync(join(root, "dist/client", file))) throw new Error(`build: ${file} is missing from dist/client`);
}
const deployed = JSON.parse(readFileSync(join(root, "dist/worker/wrangler.json"), "utf8"));
console.log(
  `build: ${manifest.clientEntry}, ${manifest.css}, worker ${deployed.name} (dist/worker) in ${Math.round(performance.now() - started)} ms`,
);
