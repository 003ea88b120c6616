import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import {
  clientBuildOutput,
  designTokens,
  devAssetTags,
  graphqlCodegen,
  inlineMessages,
  islands,
  reactStringRenderer,
  serverOnlyGuard,
  slimShikiData,
  workerTypes,
} from "./scripts/vite/plugins.ts";

const root = fileURLToPath(new URL(".", import.meta.url));
const clientEntry = "src/client/boot.ts";
const stylesEntry = "src/styles/app.css";
/** The worker's Vite environment; `vite build` writes it to dist/worker (with the wrangler.json to deploy). */
const workerEnvironment = "worker";

/**
 * `vite` (npm start): the worker runs in workerd through @cloudflare/vite-plugin, the browser
 * gets hot module replacement (React Fast Refresh, Tailwind through @tailwindcss/vite).
 * `vite build` (npm run build): the client first (hashed files in dist/client/static, the
 * asset manifest the worker imports, _headers), then the worker (dist/worker). Pick the
 * wrangler environment with CLOUDFLARE_ENV=preprod|prod.
 */
/** Dev only: vars that override wrangler.toml's for `vite` (scripts/start.mjs: API_BASE_URL). */
const devVars: Record<string, string> = JSON.parse(process.env.MERIDIAN_DEV_VARS || "{}");

/** "start" for a module the worker's entry imports statically (directly or not), else null. */
function workerStartChunk(id: string, ctx: { getModuleInfo(id: string): { isEntry: boolean; importers: string[] } | null }): string | null {
  const seen = new Set<string>();
  const fromEntry = (module: string): boolean => {
    if (seen.has(module)) return false;
    seen.add(module);
    const info = ctx.getModuleInfo(module);
    return !!info && (info.isEntry || info.importers.some(fromEntry));
  };
  return fromEntry(id) ? "start" : null;
}

/**
 * "routes" for the site's own modules that load on demand (page routes, their views and what only
 * they use), else null; not Markdown's renderer nor the MCP tools and the answers to questions,
 * which load with their first use.
 */
function workerRoutesChunk(id: string): string | null {
  if (!id.startsWith(`${root}src/`)) return null;
  if (/\/src\/(render\/markdown\/|features\/ask\/(answer|model|routes\/answer)|features\/mcp\/tools)/.test(id)) return null;
  return "routes";
}

export default defineConfig(({ command }) => ({
  root,
  publicDir: "assets",
  clearScreen: false,
  // Named exports of JSON modules (one per namespace of locales/en.json), never one JSON.parse string.
  json: { namedExports: true, stringify: false },
  resolve: {
    // app.css names the self-hosted font by its public URL; in the build it becomes a hashed file.
    alias: [
      {
        find: /^\/static\/fonts\/inter-latin-wght-normal\.woff2$/,
        replacement: fileURLToPath(new URL("node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2", import.meta.url)),
      },
    ],
  },
  server: { host: "127.0.0.1", port: 3000, strictPort: true },
  environments: {
    client: {
      build: {
        outDir: "dist/client",
        assetsDir: "static",
        // As the esbuild build did (es2022). CSS as the Tailwind CLI wrote it: media queries
        // with min-width (range syntax needs Safari 16.4).
        target: "es2022",
        cssTarget: ["chrome111", "edge111", "firefox114", "safari16"],
        manifest: true,
        rollupOptions: {
          input: { client: clientEntry, app: stylesEntry },
          // Shared modules get chunks of their own, not merged into one route's chunk (the event
          // page would load the home page's chunk for EventBanner).
          experimental: { chunkOptimization: { mergeCommonChunks: false } },
          output: {
            // The shared layers' small modules that several chunks use, in one chunk: alone, each
            // was a file of 0.2-2 kB, and every file costs a request and, when the app starts, a
            // preload link the main thread inserts (a doc page's app went from 27 files to 12).
            // Not src/lib/linear-regexp.ts: a group takes a module's imports along, and RE2 (re2js,
            // 45 kB gzipped) stays in a chunk of its own that only Try it and a form with a pattern load.
            advancedChunks: {
              groups: [
                {
                  name: "shared",
                  test: /\/src\/(?!lib\/linear-regexp\.ts$)(ui|lib|router|i18n|config|render|content)\//,
                  minShareCount: 2,
                  maxModuleSize: 4000,
                },
              ],
            },
            entryFileNames: "static/[name]-[hash].js",
            chunkFileNames: "static/[name]-[hash].js",
            assetFileNames: (asset) =>
              asset.names.some((name) => name.endsWith(".woff2")) ? "static/fonts/[name]-[hash][extname]" : "static/[name]-[hash][extname]",
          },
        },
      },
    },
    [workerEnvironment]: {
      build: {
        outDir: "dist/worker",
        // WORKER_MINIFY=false: readable names in a CPU profile (scripts/bench/profile-ssr.mjs).
        minify: process.env.WORKER_MINIFY !== "false",
        rolldownOptions: {
          output: {
            // What the worker evaluates at start (the entry's static imports, transitively) in one
            // chunk: Rolldown would otherwise cut it into a chunk per set of importers (40 files,
            // each with its own import and export lists), since the entry may not grow exports.
            // What is imported only dynamically stays in chunks of its own, loaded on demand.
            codeSplitting: {
              groups: [
                { name: workerStartChunk, debugName: "start", priority: 2 },
                { name: workerRoutesChunk, debugName: "routes", priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  builder: {
    // The client first: the worker imports the client's asset manifest.
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments[workerEnvironment]!);
    },
  },
  plugins: [
    graphqlCodegen(),
    workerTypes(),
    designTokens(root),
    islands(),
    inlineMessages(root),
    serverOnlyGuard(),
    reactStringRenderer(root),
    slimShikiData(root),
    devAssetTags(root),
    clientBuildOutput(root, { entry: clientEntry, css: stylesEntry }),
    cloudflare({
      configPath: "./wrangler.toml",
      viteEnvironment: { name: workerEnvironment },
      config: (worker) => {
        if (command === "serve") worker.vars = { ...worker.vars, ...devVars };
      },
    }),
    react(),
    tailwindcss(),
  ],
}));
