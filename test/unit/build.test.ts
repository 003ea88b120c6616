import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import manifest from "../../src/generated/asset-manifest.json";
import { breakpoints, tailwindThemeCss, themeBreakpoints } from "../../src/config/design-tokens";
import { outputFile as codegenOutput, root as repoRoot } from "../../scripts/codegen.mjs";
import { serverSourcesHash } from "../../scripts/vite/plugins";

const built = (path: string) => readFileSync(new URL(`../../dist/client${path}`, import.meta.url));

describe("production build", () => {
  it("writes content-hashed client files listed in the manifest", () => {
    for (const path of [manifest.clientEntry, manifest.css, manifest.font, ...manifest.clientChunks]) {
      expect(path).toMatch(/^\/static\/.+-[A-Za-z0-9_-]{8,}\.(js|css|woff2)$/);
      expect(existsSync(new URL(`../../dist/client${path}`, import.meta.url)), path).toBe(true);
    }
  });

  it("bundles React in production mode and no server-only code", () => {
    const js = [manifest.clientEntry, ...manifest.clientChunks].map((path) => built(path).toString()).join("\n");
    expect(js).not.toContain("react-dom-server");
    expect(js).not.toContain("renderToReadableStream");
    expect(js).not.toContain("DIRECTUS_PREVIEW_TOKEN");
    // Development builds of React carry these warnings; production builds do not.
    expect(js).not.toContain("Warning: Each child in a list should have a unique");
    expect(js).not.toMatch(/\bprocess\.env\.NODE_ENV\b/);
  });

  it("keeps the script every page loads first (entry and its static imports) from growing", () => {
    // The target is 75 kB gzip per page including the route's chunks. React and React DOM
    // alone are 69 kB of it; this guard (80 KiB for the shared part, 79 kB measured with Vite)
    // catches any regression, and `npm run bench` reports the real per-page totals.
    const js = [manifest.clientEntry, ...manifest.initialChunks].map((path) => built(path));
    const gzip = js.reduce((sum, bytes) => sum + gzipSync(bytes).length, 0);
    expect(gzip).toBeLessThan(80 * 1024);
  });

  it("inlines the message texts the browser shows instead of shipping locales/en.json whole", () => {
    // The app (loaded by the boot script at the first sign of use) and the boot script itself.
    const appChunk = manifest.clientChunks.find((path) => /\/hydrate-[^/]+\.js$/.test(path));
    expect(appChunk).toBeDefined();
    const app = [manifest.clientEntry, ...manifest.initialChunks, appChunk!].map((path) => built(path).toString()).join("\n");
    // Server-only texts (page titles of the legal pages, API errors) never reach the browser's app code.
    expect(app).not.toContain("Too many attempts");
    expect(app).not.toContain('"errors.title_404"');
    expect(app).toContain("Page doesn't exist");
  });

  it("writes _headers for the static files and no Vite build manifest among them", () => {
    const headers = built("/_headers").toString();
    expect(headers).toContain("/static/*\n  Cache-Control: public, max-age=31536000, immutable");
    expect(headers).toMatch(/Content-Security-Policy: default-src 'none'/);
    expect(existsSync(new URL("../../dist/client/.vite/manifest.json", import.meta.url))).toBe(false);
  });

  it("builds the worker into dist/worker with the wrangler.json that deploys it", () => {
    const config = JSON.parse(readFileSync(new URL("../../dist/worker/wrangler.json", import.meta.url), "utf8"));
    expect(config.main).toBe("index.js");
    expect(config.assets.directory).toBe("../client");
    expect(existsSync(new URL("../../dist/worker/index.js", import.meta.url))).toBe(true);
  });

  it("keeps the worker under 400 kB gzip, with React's string renderer alone and Shiki's patterns precompiled", () => {
    // wrangler's figure: its modules (index.js and its chunks) gzipped together.
    const dir = new URL("../../dist/worker/", import.meta.url);
    const modules = ["index.js", ...readdirSync(new URL("assets/", dir)).map((name) => `assets/${name}`)].filter((path) =>
      path.endsWith(".js"),
    );
    const code = modules.map((path) => readFileSync(new URL(path, dir)));
    expect(code.some((bytes) => bytes.includes("renderToString"))).toBe(true);
    // A message of the stream renderer's byte writer, which the string renderer does not have.
    expect(code.some((bytes) => bytes.includes("Cannot transport a detached buffer"))).toBe(false);
    // A message of oniguruma-parser: the grammars' patterns come translated, the translator stays out.
    expect(code.some((bytes) => bytes.includes("Unsupported absence function kind"))).toBe(false);
    expect(gzipSync(Buffer.concat(code)).length).toBeLessThan(400_000);
  });

  it("compiles the spec's breakpoints and the 4 px spacing base into the CSS", () => {
    const css = built(manifest.css).toString();
    for (const px of Object.values(breakpoints).filter((value) => value > 0)) {
      expect(css).toContain(`@media (min-width:${px}px)`);
    }
    expect(css).toContain("--spacing:.25rem");
    expect(css).toContain(manifest.font);
    const theme = tailwindThemeCss();
    for (const [name, px] of Object.entries(themeBreakpoints)) expect(theme).toContain(`--container-${name}: ${px}px;`);
  });
});

describe("the build's key for cached pages", () => {
  /** Where scripts/codegen.mjs writes the operation types (src/content/generated/operations.ts). */
  const operationsFile = relative(repoRoot, codegenOutput).split("\\").join("/");
  /** A minimal project: sources, the generated files (where the build writes them), texts and a lock file. */
  const project = () => {
    const root = mkdtempSync(join(tmpdir(), "server-sources-"));
    for (const [path, text] of Object.entries({
      "src/render/head.ts": "export const head = 1;",
      [operationsFile]: "export {};",
      "src/generated/asset-manifest.json": "{}",
      "src/styles/tokens.generated.css": ":root {}",
      "locales/en.json": "{}",
      "package-lock.json": "{}",
    })) {
      mkdirSync(join(root, dirname(path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };

  it("changes with any server source, text or dependency, and not with generated files, tests or CMS parts", () => {
    const root = project();
    const before = serverSourcesHash(root);
    expect(serverSourcesHash(root)).toBe(before);
    // scripts/codegen.mjs's output (outputFile) and the asset manifest the build writes last.
    writeFileSync(join(root, operationsFile), "export const regenerated = true;");
    writeFileSync(join(root, "src/generated/asset-manifest.json"), '{"serverSources":"0123456789abcdef"}');
    writeFileSync(join(root, "src/styles/tokens.generated.css"), ":root { --x: 1 }");
    expect(serverSourcesHash(root)).toBe(before);
    // Tests and a feature's CMS part sit among the sources and render nothing.
    for (const [path, text] of [
      ["src/features/blog/blog.test.ts", "it('renders', () => {});"],
      ["src/features/blog/feed.browser.test.ts", "it('shows', () => {});"],
      ["src/features/blog/cms/schema.yaml", "collections: []"],
      ["src/features/blog/cms/seed.mjs", "export const posts = [];"],
      ["src/features/pages/blocks/quote/schema.yaml", "collections: []"],
    ] as const) {
      mkdirSync(join(root, dirname(path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    expect(serverSourcesHash(root)).toBe(before);
    for (const [path, text] of [
      ["src/render/head.ts", "export const head = 2;"],
      ["locales/en.json", '{"a":"b"}'],
      ["package-lock.json", '{"lockfileVersion":3}'],
    ] as const) {
      const previous = serverSourcesHash(root);
      writeFileSync(join(root, path), text);
      expect(serverSourcesHash(root), path).not.toBe(previous);
    }
    rmSync(root, { recursive: true, force: true });
  });

  it("is part of this build's manifest", () => {
    expect((manifest as { serverSources?: string }).serverSources).toMatch(/^[0-9a-f]{16}$/);
  });
});
