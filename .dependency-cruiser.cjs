// Layers kept by a tool (`npm run lint`). From the bottom up:
//   shared   lib, config, i18n, routing (a route's definition, the matcher), content (Directus
//            client, cache, shared queries), render, middleware, ui (the UI kit), env.ts
//   features src/features/<name>/: routes, queries, reshape, types, views, tests (URL builders are
//            shared, src/lib/paths: menus, search, the sitemap and previews link across features)
//   app      src/routes/ (the route table, page handler, APIs that span features), src/shell/
//            (the site's frame), src/client/ (the browser runtime), queue, app.ts, worker.ts
// Shared layers import no feature and nothing of the app; a feature imports another only through
// that feature's public module (`index.ts`). Known violations are listed in
// .dependency-cruiser-known-violations.json (none now); a new one fails the lint. Cycles between
// units (a feature, a layer) are found by scripts/lint-layers.mjs, which fails on any.
const shared = "^src/(content|render|lib|i18n|config|routing|middleware|ui)/|^src/env\\.ts$";
const aboveShared = "^src/(features|routes|shell|client|queue)/|^src/(app|worker|scheduled\\.server)\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "shared-layer-imports-feature",
      comment: "Content client and cache, rendering, middleware, lib, texts, config, routing and the UI kit sit below every feature: they import no feature and nothing of the app.",
      severity: "error",
      from: { path: shared },
      to: { path: aboveShared },
    },
    {
      name: "feature-imports-feature-through-its-public-module",
      comment: "A feature reaches another feature only through that feature's index.ts, the API it declares.",
      severity: "error",
      from: { path: "^src/features/([^/]+)/" },
      to: { path: "^src/features/[^/]+/", pathNot: ["^src/features/$1/", "^src/features/[^/]+/index(\\.server)?\\.tsx?$"] },
    },
    {
      name: "no-circular",
      comment: "Modules that import each other at run time, directly or around a loop (type-only imports are erased).",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
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
    exclude: { path: ["(^|/)(node_modules|dist|generated)/", "\\.test\\.tsx?$"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
