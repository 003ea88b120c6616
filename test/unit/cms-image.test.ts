import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SETUP_MODULES } from "../../cms/scripts/lib.mjs";

/** The modules (and JSON files) a CMS script imports from its own folder (statically or with `import()`), and theirs, transitively. */
function localImports(entry: string, found = new Set<string>()): Set<string> {
  const source = readFileSync(join("cms/scripts", entry), "utf8");
  const imports = [
    ...source.matchAll(/^import [^;]*? from "\.\/([\w-]+\.(?:mjs|json))"(?: with \{[^}]*\})?;/gm),
    ...source.matchAll(/\bimport\("\.\/([\w-]+\.mjs)"\)/g),
  ];
  for (const [, name] of imports) {
    if (!found.has(name!)) {
      found.add(name!);
      localImports(name!, found);
    }
  }
  return found;
}

describe("the CMS image (cms/Dockerfile)", () => {
  const copied = /^COPY (scripts\/[^\n]+) \.\/scripts\/$/m.exec(readFileSync("cms/Dockerfile", "utf8"))?.[1]?.split(" ") ?? [];

  it("copies every module the set-up and the entrypoint's scripts import", () => {
    const needed = new Set(["lib.mjs", "setup.mjs", ...localImports("setup.mjs"), ...localImports("lib.mjs")]);
    expect(copied.map((path) => path.replace("scripts/", "")).sort()).toEqual([...needed].sort());
  });

  it("re-runs the set-up when any of them changes (they are in its hash)", () => {
    expect([...SETUP_MODULES].sort()).toEqual([...localImports("setup.mjs")].sort());
  });
});
