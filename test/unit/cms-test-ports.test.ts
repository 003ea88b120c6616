import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cmsTestFiles, isCluster, isPostgresOnly } from "../../scripts/lib/cms-test-files.mjs";

/**
 * The CMS test files (cms/test/*.test.mjs and the features' src/features/**\/*.cms.test.mjs, as
 * scripts/lib/cms-test-files.mjs lists them) run side by side, each with its own Directus
 * (scripts/test.mjs), once on SQLite and once on PostgreSQL, and the two passes may run at the
 * same time (two lanes). On PostgreSQL every file moves its port by CMS_TEST_PORT_OFFSET, and each
 * port is also a database name; each pass has data dirs of its own. Two files on one port share a
 * server or a database.
 */
const pgOffset = Number(/CMS_TEST_PORT_OFFSET: "(\d+)"/.exec(readFileSync("scripts/test.mjs", "utf8"))?.[1]);
const templatePorts = [8049, 8050]; // cms/scripts/lib.mjs: the seeded template's Directus (SQLite, PostgreSQL)

const ports = cmsTestFiles().map((name) => {
  const source = readFileSync(name, "utf8");
  const declared = /^const PORT = (\d+)( \+ Number\(process\.env\.CMS_TEST_PORT_OFFSET \?\? 0\))?/m.exec(source);
  if (!declared) throw new Error(`${name}: no "const PORT = <number> …" line`);
  const base = Number(declared[1]);
  const dataDir = /^const DATA_DIR = (.*)$/m.exec(source)?.[1] ?? null;
  return {
    name,
    sqlite: base,
    pg: base + (declared[2] ? pgOffset : 0),
    cluster: isCluster(name),
    pgOnly: isPostgresOnly(name),
    moves: !!declared[2],
    dataDir,
  };
});
// The cluster runs once, on its own ports; the production entrypoint only on PostgreSQL.
const bothPasses = ports.filter((port) => !port.cluster && !port.pgOnly);

describe("ports of the CMS test files", () => {
  it("no two files share a port on the SQLite pass, nor on the PostgreSQL pass", () => {
    const sqlite = ports.filter((port) => !port.pgOnly).map((port) => port.sqlite);
    const pg = ports.map((port) => port.pg);
    for (const pass of [sqlite, pg]) {
      expect(new Set(pass).size, JSON.stringify(ports)).toBe(pass.length);
      for (const port of templatePorts) expect(pass).not.toContain(port);
    }
  });

  it("no port of one pass is a port of the other (they may run at the same time)", () => {
    expect(pgOffset).toBeGreaterThan(0);
    const all = [...ports.filter((port) => !port.pgOnly).map((port) => port.sqlite), ...bothPasses.map((port) => port.pg)];
    expect(new Set(all).size, JSON.stringify(ports)).toBe(all.length);
    expect(bothPasses.filter((port) => !port.moves).map((port) => port.name)).toEqual([]);
  });

  it("each pass has data dirs of its own", () => {
    const shared = bothPasses.filter((port) => port.dataDir !== null && !/\bPG \?/.test(port.dataDir)).map((port) => port.name);
    expect(shared).toEqual([]);
  });
});
