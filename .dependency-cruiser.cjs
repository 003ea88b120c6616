// Layers kept by a tool (`npm run lint`): shared layers never import a feature, a route or
// middleware; no cycles; no server-only module reaches the browser's bundle. Known violations of
// the code as it was are listed in .dependency-cruiser-known-violations.json and shrink as
// features move into their folders; a new one fails the lint.
const shared = "^src/(content|render|lib|i18n|config|views/ui)/";
const upward = "^src/(routes|middleware|blocks|api-reference|changelog|docs|feedback|forms|images|newsletter|queue|redirects|search|views/(?!ui/))";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "shared-layer-imports-feature",
      comment: "Content client and cache, rendering, lib, texts, config and the UI kit sit below every feature: they import none.",
      severity: "error",
      from: { path: shared },
      to: { path: upward },
    },
    {
      name: "no-circular",
      comment: "Modules that import each other, directly or around a loop.",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "no-folder-cycles",
      comment:
        "Folders that import each other, directly or around a loop. Reported, not yet failing: the folders by layer form cycles that the move to folders by feature removes (dependency-cruiser cannot keep folder cycles in its list of known violations).",
      severity: "info",
      scope: "folder",
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
    exclude: { path: ["(^|/)(node_modules|dist|generated)/", "\\.test\\.tsx?$"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
