import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const lintLayers = () => spawnSync(process.execPath, ["scripts/lint-layers.mjs"], { cwd: root, encoding: "utf8", timeout: 60_000 });

/** Writes a module into src/ for one lint run, and removes it whatever happens. */
function planted(path: string, code: string) {
  const file = join(root, path);
  writeFileSync(file, code);
  try {
    return lintLayers();
  } finally {
    rmSync(file, { force: true });
  }
}

describe("the layers are kept by a tool", () => {
  it("passes on the code as it is", () => {
    const result = lintLayers();
    expect(result.stdout).toMatch(/0 new violations/);
    expect(result.status).toBe(0);
  });

  it("fails when a shared layer imports the app", () => {
    const result = planted("src/lib/planted-upward-import.ts", 'export { routeTable } from "../app/table";\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("layer-order-lib: src/lib/planted-upward-import.ts → src/app/table.ts");
  });

  it("fails when a shared layer imports a type from a layer above it", () => {
    const result = planted("src/content/planted-type-import.ts", 'export type { PageMeta } from "../router/meta";\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("layer-order-content: src/content/planted-type-import.ts → src/router/meta.ts");
  });

  it("fails when a feature imports the app", () => {
    const result = planted("src/features/blog/planted-app-import.ts", 'export { routeTable } from "../../app/table";\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("feature-imports-app: src/features/blog/planted-app-import.ts → src/app/table.ts");
  });

  it("fails when a shared layer imports a feature's module", () => {
    const result = planted("src/content/planted-feature-import.ts", 'export { blogPostsQuery } from "../features/blog/queries";\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("layer-order-content: src/content/planted-feature-import.ts → src/features/blog/queries.ts");
  });

  it("fails when a feature reaches into another feature past its public module", () => {
    const result = planted("src/features/events/planted-deep-import.ts", 'export { postsPerPage } from "../blog/listing";\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "feature-imports-feature-through-its-public-module: src/features/events/planted-deep-import.ts → src/features/blog/listing.ts",
    );
  });

  it("fails when two units import each other around a loop, types included", () => {
    // ask already reads search's documents: search importing ask closes a loop.
    const result = planted("src/features/search/planted-cycle.ts", 'export { DocsAskBox } from "../ask";\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/units that import each other around a loop: .*src\/features\/ask, .*src\/features\/search/);
    expect(result.stderr).toContain(
      "src/features/search → src/features/ask: src/features/search/planted-cycle.ts → src/features/ask/index.ts",
    );
  });

  it("fails when the browser's code reaches a server-only module", () => {
    const result = planted("src/client/planted-server-import.ts", 'export { ContentError } from "../content/client.server";\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("server-only-in-browser: src/client/planted-server-import.ts → src/content/client.server.ts");
  });
});
