import { execFile } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

const run = promisify(execFile);

/** Cloudflare's SQL API as far as the script uses it: POST the SQL, get `{data: rows}`. */
const queries: string[] = [];
const server = createServer((request, response) => {
  let sql = "";
  request.on("data", (chunk) => (sql += chunk));
  request.on("end", () => {
    queries.push(sql);
    const rows = sql.includes("double1 = 0")
      ? [
          { query: "h200 pricing", searches: "12", last_seen: "2026-11-27 09:41:07" },
          { query: "slurm on k8s", searches: "3", last_seen: "2026-11-26 18:02:00" },
        ]
      : [
          { query: "kubernetes", searches: "40", results: "360", visitor_searches: "30", clicks: "12" },
          { query: "gpu pricing", searches: "8", results: "0", visitor_searches: "0", clicks: "0" },
        ];
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ data: rows }));
  });
});

beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
});
afterAll(() => server.close());
beforeEach(() => {
  queries.length = 0;
});

async function report(...args: string[]) {
  const { port } = server.address() as AddressInfo;
  const { stdout } = await run(process.execPath, ["scripts/analytics.mjs", ...args], {
    env: { ...process.env, CLOUDFLARE_ACCOUNT_ID: "acc", CLOUDFLARE_API_TOKEN: "tok", CLOUDFLARE_API_BASE_URL: `http://127.0.0.1:${port}` },
  });
  return stdout.trim().split("\n");
}

const cells = (line: string) => line.trim().split(/\s{2,}/);

describe("npm run analytics -- --report searches", () => {
  it("asks the search dataset for searches and clicks per query and prints count, average results, clicks and click-through", async () => {
    const lines = await report("--report", "searches", "--days", "30");
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(/FROM meridian_search_prod\s+WHERE timestamp > NOW\(\) - INTERVAL '30' DAY\s+GROUP BY query/);
    expect(queries[0]).toContain("SUM(if(blob1 = 'click', _sample_interval, 0)) AS clicks");
    expect(lines[0]).toMatch(/^Top searches, last 30 days \(meridian_search_prod, prod\):/);
    expect(lines.slice(1).map(cells)).toEqual([
      ["searches", "avg results", "clicks", "click-through", "query"],
      ["40", "9.0", "12", "40%", "kubernetes"],
      ["8", "0.0", "0", "-", "gpu pricing"],
    ]);
  });

  it("limits to one source with --source and refuses an unknown one", async () => {
    await report("--report", "searches", "--source", "mcp");
    expect(queries[0]).toContain("AND blob3 = 'mcp'");
    await expect(run(process.execPath, ["scripts/analytics.mjs", "--report", "searches", "--source", "email"])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--source is one of dialog, page, mcp"),
    });
  });
});

describe("npm run analytics -- --report zero-results", () => {
  it("asks for the searches with no result and prints them, most searched first, with when last seen", async () => {
    const lines = await report("--report", "zero-results", "--env", "preprod");
    expect(queries[0]).toMatch(
      /FROM meridian_search_preprod\s+WHERE timestamp > NOW\(\) - INTERVAL '7' DAY AND blob1 = 'search' AND double1 = 0 AND blob4 = ''\s+GROUP BY query\s+ORDER BY searches DESC\s+LIMIT 20/,
    );
    expect(lines[0]).toMatch(/^Searches that found nothing/);
    expect(lines.slice(1).map(cells)).toEqual([
      ["searches", "last seen", "query"],
      ["12", "2026-11-27 09:41", "h200 pricing"],
      ["3", "2026-11-26 18:02", "slurm on k8s"],
    ]);
  });
});
