#!/usr/bin/env node
// `npm run analytics`: the most viewed pages of the last days, from the Workers Analytics Engine
// dataset that POST /api/collect writes (binding PAGE_VIEWS in wrangler.toml), through
// Cloudflare's SQL API.
//
//   npm run analytics                          top 20 pages of the last 7 days, prod
//   npm run analytics -- --env preprod --days 30 --limit 50 --by referrer
//   npm run analytics -- --print-sql           only print the query
//
// Needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (a token with Account → Account
// Analytics → Read). Columns: blob1 path, blob2 referrer host, blob3 country, blob4 device class;
// each row stands for _sample_interval views (Analytics Engine samples at high volume).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { root } from "./lib/processes.mjs";

const columns = { path: "blob1", referrer: "blob2", country: "blob3", device: "blob4" };

const { values } = parseArgs({
  options: {
    env: { type: "string", default: "prod" },
    days: { type: "string", default: "7" },
    limit: { type: "string", default: "20" },
    by: { type: "string", default: "path" },
    "print-sql": { type: "boolean", default: false },
  },
});

/** Dataset names per environment from wrangler.toml's [[analytics_engine_datasets]] tables. */
function datasetsFromWrangler(toml, binding = "PAGE_VIEWS") {
  const found = {};
  let table = null;
  let entry = {};
  const flush = () => {
    if (table && entry.binding === binding && entry.dataset) found[table] = entry.dataset;
  };
  for (const raw of toml.split("\n")) {
    const line = raw.replace(/#.*$/, "").trim();
    const header = /^\[\[?([^\]]+)\]\]?$/.exec(line);
    if (header) {
      flush();
      const match = /^(?:env\.([\w-]+)\.)?analytics_engine_datasets$/.exec(header[1].trim());
      table = match ? (match[1] ?? "dev") : null;
      entry = {};
      continue;
    }
    const pair = /^(\w+)\s*=\s*"([^"]*)"$/.exec(line);
    if (table && pair) entry[pair[1]] = pair[2];
  }
  flush();
  return found;
}

function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

const datasets = datasetsFromWrangler(readFileSync(join(root, "wrangler.toml"), "utf8"));
const dataset = datasets[values.env];
if (!dataset)
  fail(
    `wrangler.toml has no PAGE_VIEWS dataset for the environment "${values.env}" (found: ${Object.keys(datasets).join(", ") || "none"}).`,
    2,
  );
if (!/^\w+$/.test(dataset)) fail(`unexpected dataset name in wrangler.toml: ${dataset}`, 2);
const days = Number(values.days);
const limit = Number(values.limit);
if (!Number.isInteger(days) || days < 1 || days > 90)
  fail("--days must be a whole number from 1 to 90 (Analytics Engine keeps 90 days).", 2);
if (!Number.isInteger(limit) || limit < 1 || limit > 1000) fail("--limit must be a whole number from 1 to 1000.", 2);
const column = columns[values.by];
if (!column) fail(`--by must be one of: ${Object.keys(columns).join(", ")}.`, 2);

const sql = `SELECT ${column} AS ${values.by}, SUM(_sample_interval) AS views
FROM ${dataset}
WHERE timestamp > NOW() - INTERVAL '${days}' DAY
GROUP BY ${values.by}
ORDER BY views DESC
LIMIT ${limit}
FORMAT JSON`;

if (values["print-sql"]) {
  console.log(sql);
  process.exit(0);
}

const accountId = process.env.CLOUDFLARE_ACCOUNT_ID;
const token = process.env.CLOUDFLARE_API_TOKEN;
const missing = [!accountId && "CLOUDFLARE_ACCOUNT_ID", !token && "CLOUDFLARE_API_TOKEN"].filter(Boolean);
if (missing.length) {
  fail(
    [
      `npm run analytics: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set.`,
      "  CLOUDFLARE_ACCOUNT_ID  the account id (dashboard → Workers & Pages → Account details)",
      "  CLOUDFLARE_API_TOKEN   an API token with the permission Account → Account Analytics → Read",
      "Set both, e.g. CLOUDFLARE_ACCOUNT_ID=... CLOUDFLARE_API_TOKEN=... npm run analytics",
    ].join("\n"),
    2,
  );
}

const base = (process.env.CLOUDFLARE_API_BASE_URL ?? "https://api.cloudflare.com/client/v4").replace(/\/$/, "");
let response;
try {
  response = await fetch(`${base}/accounts/${encodeURIComponent(accountId)}/analytics_engine/sql`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: sql,
    signal: AbortSignal.timeout(30_000),
  });
} catch (error) {
  fail(`The Analytics Engine SQL API could not be reached: ${error.message}`);
}
const text = await response.text();
if (!response.ok) {
  const hint = response.status === 401 || response.status === 403 ? " (does the token have Account Analytics → Read on this account?)" : "";
  fail(`The Analytics Engine SQL API answered ${response.status}${hint}:\n${text.slice(0, 1000)}`);
}
let rows;
try {
  rows = JSON.parse(text).data ?? [];
} catch {
  fail(`Unexpected answer from the SQL API:\n${text.slice(0, 1000)}`);
}

console.log(`Top ${values.by === "path" ? "pages" : `${values.by} values`} of the last ${days} days (${dataset}, ${values.env}):`);
if (!rows.length) console.log("  no page views recorded yet");
const width = Math.max(5, ...rows.map((row) => Math.round(Number(row.views)).toLocaleString("en-US").length));
for (const row of rows) {
  console.log(`  ${Math.round(Number(row.views)).toLocaleString("en-US").padStart(width)}  ${row[values.by] || "(none)"}`);
}
