import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The CMS test files run side by side, each with its own Directus (scripts/test.mjs), once on
 * SQLite and once on PostgreSQL, where files that read CMS_TEST_PORT_OFFSET move by 20 and each
 * port is also a database name. Two files on one port share a server or a database.
 */
const pgOffset = 20;
const templatePorts = [8049, 8050]; // cms/scripts/lib.mjs: the seeded template's Directus (SQLite, PostgreSQL)

const files = readdirSync("cms/test").filter((name) => name.endsWith(".test.mjs"));
const ports = files.map((name) => {
  const source = readFileSync(`cms/test/${name}`, "utf8");
  const declared = /^const PORT = (\d+)( \+ Number\(process\.env\.CMS_TEST_PORT_OFFSET \?\? 0\))?/m.exec(source);
  if (!declared) throw new Error(`${name}: no "const PORT = <number> …" line`);
  const base = Number(declared[1]);
  return { name, sqlite: base, pg: base + (declared[2] ? pgOffset : 0), pgOnly: name === "entrypoint.test.mjs" };
});

describe("ports of the CMS test files", () => {
  it("no two files share a port on the SQLite pass, nor on the PostgreSQL pass", () => {
    const sqlite = ports.filter((port) => !port.pgOnly).map((port) => port.sqlite);
    const pg = ports.map((port) => port.pg);
    for (const pass of [sqlite, pg]) {
      expect(new Set(pass).size, JSON.stringify(ports)).toBe(pass.length);
      for (const port of templatePorts) expect(pass).not.toContain(port);
    }
  });
});
