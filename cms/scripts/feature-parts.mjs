#!/usr/bin/env node
// The features' CMS parts for the CMS image, which has no src/. Found by walking src/features
// (no list):
//   every src/features/**/cms/access.mjs, checked (access-rules.mjs) and written, data only, to
//     scripts/access.json;
//   every src/features/**/cms/flows.mjs (a feature's Directus flows: `setupFlows(api, { log })`),
//     bundled with esbuild into scripts/feature-flows.mjs, one module: each feature's own imports
//     inside it, the shared modules of this folder (flows.mjs, redirect-rules.mjs, …) imported
//     from beside it.
// setup.mjs imports both.
//   node cms/scripts/feature-parts.mjs      (npm run cms:parts)
// test/unit/cms-access.test.ts and test/unit/cms-flows.test.ts fail while either is not what this writes.
import { readdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { checkDeclaration } from "./access-rules.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const FEATURES = join(ROOT, "src", "features");
const SCRIPTS = join(ROOT, "cms", "scripts");
export const ACCESS_JSON = join(SCRIPTS, "access.json");
export const FEATURE_FLOWS = join(SCRIPTS, "feature-flows.mjs");

/**
 * Every `cms/<name>` below src/features, as paths from the repository's root with `/`, sorted.
 * @param {string} name
 * @returns {string[]}
 */
function featureParts(name) {
  /** @type {(dir: string) => string[]} */
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "node_modules")
      .flatMap((entry) => {
        const path = join(dir, entry.name);
        const here = entry.name === "cms" && readdirSync(path).includes(name) ? [join(path, name)] : [];
        return [...here, ...walk(path)];
      });
  return walk(FEATURES)
    .map((path) => relative(ROOT, path).split(sep).join("/"))
    .sort();
}

/** Every `cms/access.mjs` below src/features, as paths from the repository's root with `/`, sorted. */
export const accessFiles = () => featureParts("access.mjs");

/** Every `cms/flows.mjs` below src/features, as paths from the repository's root with `/`, sorted. */
export const flowFiles = () => featureParts("flows.mjs");

/** The text of scripts/access.json: each feature's declaration, checked. */
export async function accessJson() {
  const features = [];
  for (const file of accessFiles()) {
    const module = await import(pathToFileURL(join(ROOT, file)).href);
    const declaration = { file, access: module.access, ...(module.blocks ? { blocks: module.blocks } : {}) };
    checkDeclaration(declaration);
    features.push(declaration);
  }
  const data = {
    "//": "Written by cms/scripts/feature-parts.mjs (npm run cms:parts) from src/features/**/cms/access.mjs: do not edit.",
    features,
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** The feature a part belongs to: `src/features/<name>/…` → `<name>`. */
const featureOf = (file) => file.split("/")[2];

/**
 * The text of scripts/feature-flows.mjs: every feature's flows.mjs and what it imports, bundled
 * into one ES module exporting `featureFlows`, `[{ feature, file, setupFlows }]` in the features'
 * alphabetical order (no flow needs another made first: each acts on its own collections' events,
 * and a flow's own writes to another feature's collection emit no events). A module of
 * cms/scripts stays a module of its own (shared with the worker or set-up, and in the image): the
 * bundle imports it from beside it.
 */
export async function featureFlowsModule() {
  const files = flowFiles();
  const entry = [
    ...files.map((file, index) => `import { setupFlows as flows${index} } from "./${file}";`),
    "export const featureFlows = [",
    ...files.map(
      (file, index) => `  { feature: ${JSON.stringify(featureOf(file))}, file: ${JSON.stringify(file)}, setupFlows: flows${index} },`,
    ),
    "];",
  ].join("\n");
  const sharedModules = {
    name: "shared-cms-scripts",
    setup(bundle) {
      bundle.onResolve({ filter: /^\.\.?\// }, ({ path, resolveDir }) => {
        const target = resolve(resolveDir, path);
        if (dirname(target) !== SCRIPTS) return undefined;
        if (basename(target) === basename(FEATURE_FLOWS)) throw new Error(`${path}: a feature's flows may not import the bundle`);
        return { path: `./${basename(target)}`, external: true };
      });
    },
  };
  const result = await build({
    stdin: { contents: entry, resolveDir: ROOT, sourcefile: "cms/scripts/feature-parts.mjs", loader: "js" },
    absWorkingDir: ROOT,
    bundle: true,
    format: "esm",
    platform: "node",
    // The scripts of the flows are their functions' source text (fn.toString()): written as they
    // are, not lowered, not minified, not renamed for size.
    target: "esnext",
    legalComments: "none",
    banner: {
      js: [
        "// Generated by cms/scripts/feature-parts.mjs (npm run cms:parts) from src/features/**/cms/flows.mjs: do not edit.",
        `// The features' CMS flows for setup.mjs and the image (which has no src/): ${files.map(featureOf).join(", ")}.`,
      ].join("\n"),
    },
    plugins: [sharedModules],
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = await accessJson();
  writeFileSync(ACCESS_JSON, text);
  console.log(`wrote ${relative(ROOT, ACCESS_JSON)} (${JSON.parse(text).features.length} features)`);
  writeFileSync(FEATURE_FLOWS, await featureFlowsModule());
  console.log(`wrote ${relative(ROOT, FEATURE_FLOWS)} (the flows of ${flowFiles().map(featureOf).join(", ")})`);
}
