import { execFile } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { maxPageLength } from "./feedback";

const run = promisify(execFile);

/**
 * Cloudflare's SQL API (POST the SQL, get `{data: rows}`) and Directus' REST items endpoint, as
 * far as `npm run feedback` uses them.
 */
const requests: { url: string; body: string; authorization: string | undefined }[] = [];
// Rows stored before the worker stripped control characters may still hold them.
const hostilePage = "/docs/old\u001b[2J\u001b]0;pwned\u0007/page\u0000";
const votes = [
  { page: "/docs/gpu-clusters/infiniband", votes: "12", helpful: "3" },
  { page: "/docs/api/clusters/create-cluster", votes: "4", helpful: "2" },
  { page: hostilePage, votes: "5", helpful: "4" },
];
const comments = [
  { page: "/docs/gpu-clusters/infiniband", helpful: false, comment: "Which  NCCL\nversion?", date_created: "2026-11-24T10:00:00.000Z" },
  { page: "/docs/gpu-clusters/infiniband", helpful: false, comment: "No topology diagram", date_created: "2026-11-23T10:00:00.000Z" },
  { page: "/docs/api/clusters/create-cluster", helpful: true, comment: "Great samples", date_created: "2026-11-22T10:00:00.000Z" },
  {
    page: hostilePage,
    helpful: true,
    comment: "Fine\u001b[1A\u001b[2K\r\u001b[32mALL GOOD\u001b[0m\u0007\u009b1m\u0000 really",
    date_created: "2026-11-21T10:00:00.000Z\u001b[31m",
  },
];
const server = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    requests.push({ url: request.url ?? "", body, authorization: request.headers.authorization });
    const data = request.url?.startsWith("/items/docs_feedback") ? comments : votes;
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ data }));
  });
});

beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
});
afterAll(() => server.close());

describe("npm run feedback", () => {
  it("asks the feedback dataset for the least helpful pages and prints each with its latest comments", async () => {
    const { port } = server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const { stdout } = await run(process.execPath, ["scripts/feedback.mjs", "--days", "14", "--min-votes", "4", "--comments", "1"], {
      env: {
        ...process.env,
        CLOUDFLARE_ACCOUNT_ID: "acc",
        CLOUDFLARE_API_TOKEN: "tok",
        CLOUDFLARE_API_BASE_URL: base,
        CMS_URL: base,
        CMS_TOKEN: "editor-token",
      },
    });
    const sql = requests.find((entry) => entry.url === "/accounts/acc/analytics_engine/sql")!;
    expect(sql.authorization).toBe("Bearer tok");
    expect(sql.body).toMatch(/FROM meridian_docs_feedback_prod\s+WHERE timestamp > NOW\(\) - INTERVAL '14' DAY/);
    expect(sql.body).toMatch(/HAVING votes >= 4\s+ORDER BY share ASC, votes DESC/);
    const cms = requests.find((entry) => entry.url.startsWith("/items/docs_feedback"))!;
    expect(cms.authorization).toBe("Bearer editor-token");
    expect(JSON.parse(new URL(cms.url, base).searchParams.get("filter")!).page._in).toEqual(votes.map((row) => row.page));

    const lines = stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^Least helpful pages, last 14 days \(meridian_docs_feedback_prod, prod; at least 4 votes\):/);
    expect(lines.slice(1).map((line) => line.trim().replace(/\s+/g, " "))).toEqual([
      "25% helpful 3/12 /docs/gpu-clusters/infiniband",
      "no 2026-11-24 “Which NCCL version?”",
      "50% helpful 2/4 /docs/api/clusters/create-cluster",
      "yes 2026-11-22 “Great samples”",
      "80% helpful 4/5 /docs/old/page",
      "yes 2026-11-21 “Fine ALL GOOD really”",
    ]);
    // Nothing a terminal would act on reaches it.
    expect(stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it("says what is missing without credentials, and refuses a bad option", async () => {
    const env = { ...process.env, CLOUDFLARE_ACCOUNT_ID: "", CLOUDFLARE_API_TOKEN: "" };
    await expect(run(process.execPath, ["scripts/feedback.mjs"], { env })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN are not set"),
    });
    await expect(run(process.execPath, ["scripts/feedback.mjs", "--days", "365"])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--days must be a whole number from 1 to 90"),
    });
  });
});

describe("the page of a comment", () => {
  it("is refused by the worker when longer than the column that stores it", () => {
    const snapshot = parse(readFileSync("cms/schema/snapshot.yaml", "utf8")) as {
      fields: { collection: string; field: string; schema: { max_length: number | null } | null }[];
    };
    const column = snapshot.fields.find((field) => field.collection === "docs_feedback" && field.field === "page");
    expect(column?.schema?.max_length).toBe(maxPageLength);
  });
});
