#!/usr/bin/env node
// Builds everything the worker serves as static files into dist/client and writes the asset
// manifest the worker imports (src/generated/asset-manifest.json):
//   0. GraphQL result types and each operation's collections (scripts/codegen.mjs)
//   1. Tailwind theme tokens from src/config/design-tokens.ts
//   2. the hydration bundle (esbuild, content-hashed, production React)
//   3. one content-hashed CSS file (Tailwind v4 CLI)
//   4. public files from assets/ and the self-hosted font
//   5. _headers: immutable caching for hashed files, security headers for every static file
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { tailwindThemeCss } from "../src/config/design-tokens.ts";
import { commonSecurityHeaders, staticFileCsp, strictTransportSecurity } from "../src/middleware/security-headers.ts";
import { writeOperationsFile } from "./codegen.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Built into a private folder, then swapped in, so a running `wrangler dev` never sees a
// half-written dist/client.
const finalOut = join(root, "dist/client");
const out = join(root, `dist/.client-${process.pid}`);
const staticDir = join(out, "static");
const started = performance.now();

const hash = (bytes) => createHash("sha256").update(bytes).digest("hex").slice(0, 10);
function writeHashed(dir, name, ext, bytes) {
  const file = `${name}-${hash(bytes)}.${ext}`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, file), bytes);
  return "/" + relative(out, join(dir, file));
}

rmSync(out, { recursive: true, force: true });
mkdirSync(staticDir, { recursive: true });

// 0. Generated first, so tsc, the tests and the worker never see types older than the documents.
await writeOperationsFile();

// 1. Theme tokens (one source of truth for CSS and TypeScript).
writeFileSync(join(root, "src/styles/tokens.generated.css"), tailwindThemeCss());

// 2. Client bundle. A module with a sibling `X.client.tsx` is replaced by it in the browser
//    build (server and browser versions of an island, see src/views/newsletter).
const clientOverrides = {
  name: "client-overrides",
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.path.endsWith(".client")) return undefined;
      const candidate = join(args.resolveDir, `${args.path}.client.tsx`);
      return existsSync(candidate) ? { path: candidate } : undefined;
    });
  },
};

const client = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { client: "src/client/entry.tsx" },
  outdir: staticDir,
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: ["es2022"],
  minify: true,
  sourcemap: false,
  metafile: true,
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  plugins: [clientOverrides],
  legalComments: "none",
  logLevel: "warning",
});
const outputs = Object.entries(client.metafile.outputs);
const entry = outputs.find(([, o]) => o.entryPoint === "src/client/entry.tsx");
if (!entry) throw new Error("client entry missing from esbuild output");
const clientEntry = "/" + relative(out, join(root, entry[0]));
const clientChunks = outputs
  .filter(([file]) => file.endsWith(".js") && file !== entry[0])
  .map(([file]) => "/" + relative(out, join(root, file)));
// What every page loads before its route's own chunks: the entry and its static imports.
const initialChunks = [];
const visit = (file) => {
  for (const imported of client.metafile.outputs[file]?.imports ?? []) {
    if (imported.kind !== "import-statement" || initialChunks.includes(imported.path)) continue;
    initialChunks.push(imported.path);
    visit(imported.path);
  }
};
visit(entry[0]);
// Server-only code must never reach the browser.
const leaked = Object.keys(client.metafile.inputs).filter((input) => /\.server\.tsx?$/.test(input));
if (leaked.length) throw new Error(`server-only modules in the client bundle: ${leaked.join(", ")}`);

// 4a. Self-hosted font (hashed, referenced from the CSS).
const fontBytes = readFileSync(
  join(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
);
const fontPath = writeHashed(join(staticDir, "fonts"), "inter-latin-wght-normal", "woff2", fontBytes);

// 3. CSS.
const cssTmp = join(root, `dist/.app-${process.pid}.css`);
execFileSync(
  join(root, "node_modules/.bin/tailwindcss"),
  ["-i", "src/styles/app.css", "-o", cssTmp, "--minify"],
  { cwd: root, stdio: ["ignore", "ignore", "pipe"] },
);
const css = readFileSync(cssTmp, "utf8").replaceAll("/static/fonts/inter-latin-wght-normal.woff2", fontPath);
const cssPath = writeHashed(staticDir, "app", "css", css);
rmSync(cssTmp);

// 4b. Public files, served at the site root (/favicon.svg, /illustrations/...).
cpSync(join(root, "assets"), out, { recursive: true });

// 5. Static asset headers (Workers Static Assets reads _headers; the worker's middleware never
//    runs for these files): the worker's security headers, a CSP that lets nothing load or run,
//    and HSTS (every deployed environment is https; browsers ignore it on local http).
writeFileSync(
  join(out, "_headers"),
  [
    "/static/*",
    "  Cache-Control: public, max-age=31536000, immutable",
    "/*",
    ...Object.entries(commonSecurityHeaders).map(([name, value]) => `  ${name}: ${value}`),
    `  Content-Security-Policy: ${staticFileCsp}`,
    `  Strict-Transport-Security: ${strictTransportSecurity}`,
    "",
  ].join("\n"),
);

rmSync(finalOut, { recursive: true, force: true });
renameSync(out, finalOut);

const manifest = {
  clientEntry,
  initialChunks: initialChunks.map((file) => "/" + relative(finalOut, join(root, file.replace(relative(root, out), relative(root, finalOut))))),
  clientChunks: clientChunks.map((path) => path),
  css: cssPath,
  font: fontPath,
};
mkdirSync(join(root, "src/generated"), { recursive: true });
writeFileSync(join(root, "src/generated/asset-manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(`build: ${clientEntry}, ${cssPath} in ${Math.round(performance.now() - started)} ms`);
