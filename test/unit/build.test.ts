import { readFileSync, existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import manifest from "../../src/generated/asset-manifest.json";
import { breakpoints, tailwindThemeCss, themeBreakpoints } from "../../src/config/design-tokens";

const built = (path: string) => readFileSync(new URL(`../../dist/client${path}`, import.meta.url));

describe("production build", () => {
  it("writes content-hashed client files listed in the manifest", () => {
    for (const path of [manifest.clientEntry, manifest.css, manifest.font, ...manifest.clientChunks]) {
      expect(path).toMatch(/^\/static\/.+-[A-Za-z0-9]{8,}\.(js|css|woff2)$/);
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
    // The target is 80 KB gzip per page including the route's chunk. React DOM alone is about
    // 70 KB of it; this guard (82 KB for the shared part) catches any regression, and
    // `npm run bench` reports the real per-page totals against the target.
    const js = [manifest.clientEntry, ...manifest.initialChunks].map((path) => built(path));
    const gzip = js.reduce((sum, bytes) => sum + gzipSync(bytes).length, 0);
    expect(gzip).toBeLessThan(82 * 1024);
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
