// Layers kept by a tool (`npm run lint`), type imports counted like any other. From the bottom up:
//   shared   the layers below, in this order: a module imports its own layer and those before it
//   features src/features/<name>/: everything of one feature (routes, queries, views, CMS part, tests)
//   app      src/app/ (the app's wiring: the route table, page handler, renderer, APIs spanning
//            features, queue and cron), src/shell/ (the site's frame), src/client/ (the browser
//            runtime), src/worker.ts (the entry)
// A feature imports another only through that feature's public module (`index.ts`,
// `index.server.ts`). Known violations are listed in .dependency-cruiser-known-violations.json
// (none now); a new one fails the lint. Cycles between units (a feature, a layer) are found by
// scripts/lint-layers.mjs, which fails on any.
const sharedLayers = [
  ["lib", "pure helpers: no knowledge of the site's content or features"],
  ["config", "constants and design tokens"],
  ["i18n", "texts"],
  ["content", "the Directus client, caches, generations, content-type descriptors, shared queries and types"],
  ["env", "the worker's bindings and per-request variables (src/env.ts)"],
  ["router", "a route's definition and meta, the matcher, the request's context for loaders"],
  ["ui", "the UI kit"],
  ["render", "document head, payload, cache policy, Markdown"],
  ["middleware", "one module per middleware"],
];
const layerPath = (name) => (name === "env" ? "^src/env\\.ts$" : `^src/${name}/`);
const anyOf = (paths) => paths.join("|");
const abovePaths = ["^src/(features|app|shell|client)/", "^src/worker\\.ts$"];

/** One rule per shared layer: nothing above it (a later layer, a feature, the app). */
const layerOrder = sharedLayers.map(([name, holds], index) => ({
  name: `layer-order-${name}`,
  comment: `${name} (${holds}) imports only ${index === 0 ? "itself" : sharedLayers.slice(0, index).map(([below]) => below).join(", ")}: the shared layers sit in one order below every feature.`,
  severity: "error",
  from: { path: layerPath(name) },
  to: { path: anyOf([...sharedLayers.slice(index + 1).map(([above]) => layerPath(above)), ...abovePaths]) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerOrder,
    {
      name: "feature-imports-feature-through-its-public-module",
      comment: "A feature reaches another feature only through that feature's index.ts, the API it declares.",
      severity: "error",
      from: { path: "^src/features/([^/]+)/" },
      to: { path: "^src/features/[^/]+/", pathNot: ["^src/features/$1/", "^src/features/[^/]+/index(\\.server)?\\.tsx?$"] },
    },
    {
      name: "app-imports-feature-through-its-face",
      comment: "The app is built from the features' faces: index.ts (the browser's side), index.server.ts (the worker's), pages.ts (its pages for the route table) and boot.ts (what the first-load script takes, kept tiny).",
      severity: "error",
      from: { path: anyOf(abovePaths.slice(1).concat("^src/(app|shell|client)/")) },
      to: { path: "^src/features/[^/]+/", pathNot: "^src/features/[^/]+/(index(\\.server)?\\.tsx?|pages\\.ts|boot\\.ts)$" },
    },
    {
      name: "feature-imports-app",
      comment: "The app is built from the features: a feature imports no part of it.",
      severity: "error",
      from: { path: "^src/features/" },
      to: { path: anyOf(abovePaths.slice(1).concat("^src/(app|shell|client)/")) },
    },
    {
      name: "no-circular",
      comment: "Modules that import each other, directly or around a loop (type imports count: a loop of types is a loop of knowledge).",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "server-only-in-browser",
      comment: "*.server.ts(x) runs in the worker only: nothing the browser's entry reaches may import it.",
      severity: "error",
      from: { path: "^src/client/" },
      to: { path: "\\.server\\.tsx?$", reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)(node_modules|dist|generated)/", "\\.test\\.(tsx?|mjs)$"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
