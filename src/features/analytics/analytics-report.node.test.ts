import { execFile } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);

/** Cloudflare's SQL API as far as the script uses it: POST the SQL, get `{data: rows}`. */
const queries: { url: string; sql: string; authorization: string | undefined }[] = [];
const server = createServer((request, response) => {
  let sql = "";
  request.on("data", (chunk) => (sql += chunk));
  request.on("end", () => {
    queries.push({ url: request.url ?? "", sql, authorization: request.headers.authorization });
    const rows = sql.includes("'not_found'")
      ? [
          { path: "/pricing-old", views: "42" },
          { path: "/blog/2019/launch", views: "7" },
        ]
      : [];
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ data: rows }));
  });
});

beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
});
afterAll(() => server.close());

describe("npm run not-found (the analytics script's not-found report)", () => {
  it("asks the routing dataset for not-found events and prints the addresses, most missed first", async () => {
    const { port } = server.address() as AddressInfo;
    const { stdout } = await run(process.execPath, ["scripts/analytics.mjs", "--report", "not-found", "--days", "30"], {
      env: {
        ...process.env,
        CLOUDFLARE_ACCOUNT_ID: "acc",
        CLOUDFLARE_API_TOKEN: "tok",
        CLOUDFLARE_API_BASE_URL: `http://127.0.0.1:${port}`,
      },
    });
    const [query] = queries;
    expect(query!.url).toBe("/accounts/acc/analytics_engine/sql");
    expect(query!.authorization).toBe("Bearer tok");
    expect(query!.sql).toMatch(/FROM meridian_routing_prod\s+WHERE timestamp > NOW\(\) - INTERVAL '30' DAY AND blob1 = 'not_found'/);
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^Addresses not found/);
    expect(lines.slice(1).map((line) => line.trim().split(/\s+/))).toEqual([
      ["42", "/pricing-old"],
      ["7", "/blog/2019/launch"],
    ]);
  });

  it("refuses an unknown report or column with a message", async () => {
    await expect(run(process.execPath, ["scripts/analytics.mjs", "--report", "everything"])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--report must be one of"),
    });
    await expect(run(process.execPath, ["scripts/analytics.mjs", "--report", "not-found", "--by", "country"])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--by must be one of: path, referrer"),
    });
  });
});
