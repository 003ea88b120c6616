#!/usr/bin/env node
// `npm run analytics`: from the Workers Analytics Engine datasets, through Cloudflare's SQL API,
//   --report pages      the most viewed pages (PAGE_VIEWS, written by POST /api/collect; default)
//   --report not-found  the addresses visitors found missing: candidates for a redirect in the CMS
//   --report redirects  the redirects in use (both from ROUTING_EVENTS, written by the worker)
//   --report searches      the top search queries: searches, average results, clicks, click-through
//   --report zero-results  the queries that found nothing (both from SEARCH_EVENTS: the dialog,
//                          the search page and the MCP server; --source dialog|page|mcp for one)
//
//   npm run analytics                          top 20 pages of the last 7 days, prod
//   npm run analytics -- --env preprod --days 30 --limit 50 --by referrer
//   npm run analytics -- --report not-found    top 20 addresses not found (also: npm run not-found)
//   npm run analytics -- --report zero-results --days 30
//   npm run analytics -- --print-sql           only print the query
//
// Needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (a token with Account → Account
// Analytics → Read). Each row stands for _sample_interval events (Analytics Engine samples at
// high volume). CLOUDFLARE_API_BASE_URL points it elsewhere (the tests' fake SQL API).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { root } from "./lib/processes.mjs";
import { datasetsFromWrangler } from "./lib/wrangler-datasets.mjs";
import { analyticsSql } from "./lib/analytics-sql.mjs";

/** Per report: the dataset's binding, what a row is, its columns (`--by`) and which events count. */
const reports = {
  pages: {
    binding: "PAGE_VIEWS",
    title: "Top pages",
    columns: { path: "blob1", referrer: "blob2", country: "blob3", device: "blob4" },
    where: "",
  },
  "not-found": {
    binding: "ROUTING_EVENTS",
    title: "Addresses not found (add a redirect in the CMS for the ones that should lead somewhere)",
    columns: { path: "blob2", referrer: "blob4" },
    where: "AND blob1 = 'not_found'",
  },
  redirects: {
    binding: "ROUTING_EVENTS",
    title: "Redirects in use",
    columns: { path: "blob2", target: "blob3", referrer: "blob4" },
    where: "AND blob1 = 'redirect'",
  },
  // SEARCH_EVENTS (src/features/search/analytics/events.server.ts): blob1 search|click, blob2 the
  // query, blob3 the source, double1 a search's results. MCP searches have no clicks: the
  // click-through is of the visitors' searches.
  searches: {
    binding: "SEARCH_EVENTS",
    title: "Top searches",
    columns: { query: "blob2" },
    sql: ({ dataset, days, limit, source }) => `SELECT blob2 AS query,
  SUM(if(blob1 = 'search', _sample_interval, 0)) AS searches,
  SUM(if(blob1 = 'search', _sample_interval * double1, 0)) AS results,
  SUM(if(blob1 = 'search' AND blob3 != 'mcp', _sample_interval, 0)) AS visitor_searches,
  SUM(if(blob1 = 'click', _sample_interval, 0)) AS clicks
FROM ${dataset}
WHERE timestamp > NOW() - INTERVAL '${days}' DAY${source}
GROUP BY query
ORDER BY searches DESC
LIMIT ${limit}
FORMAT JSON`,
    table: (rows) => [
      ["searches", "avg results", "clicks", "click-through", "query"],
      ...rows.map((row) => {
        const searches = Number(row.searches);
        const visitors = Number(row.visitor_searches);
        const clicks = Number(row.clicks);
        return [
          count(searches),
          searches ? (Number(row.results) / searches).toFixed(1) : "-",
          count(clicks),
          visitors ? `${Math.round((100 * clicks) / visitors)}%` : "-",
          row.query,
        ];
      }),
    ],
  },
  "zero-results": {
    binding: "SEARCH_EVENTS",
    title: "Searches that found nothing (worth a page, a synonym or a redirect; the CMS lists them in Search gaps)",
    columns: { query: "blob2" },
    sql: ({ dataset, days, limit, source }) => `SELECT blob2 AS query, SUM(_sample_interval) AS searches, MAX(timestamp) AS last_seen
FROM ${dataset}
WHERE timestamp > NOW() - INTERVAL '${days}' DAY AND blob1 = 'search' AND double1 = 0 AND blob4 = ''${source}
GROUP BY query
ORDER BY searches DESC
LIMIT ${limit}
FORMAT JSON`,
    table: (rows) => [
      ["searches", "last seen", "query"],
      ...rows.map((row) => [count(Number(row.searches)), String(row.last_seen ?? "").slice(0, 16), row.query]),
    ],
  },
};

const sources = ["dialog", "page", "mcp"];
const count = (value) => Math.round(value).toLocaleString("en-US");

const { values } = parseArgs({
  options: {
    env: { type: "string", default: "prod" },
    days: { type: "string", default: "7" },
    limit: { type: "string", default: "20" },
    by: { type: "string", default: "path" },
    report: { type: "string", default: "pages" },
    source: { type: "string" },
    "print-sql": { type: "boolean", default: false },
  },
});

function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

const report = reports[values.report];
if (!report) fail(`--report must be one of: ${Object.keys(reports).join(", ")}.`, 2);
const datasets = datasetsFromWrangler(readFileSync(join(root, "wrangler.toml"), "utf8"), report.binding);
const dataset = datasets[values.env];
if (!dataset)
  fail(
    `wrangler.toml has no ${report.binding} dataset for the environment "${values.env}" (found: ${Object.keys(datasets).join(", ") || "none"}).`,
    2,
  );
if (!/^\w+$/.test(dataset)) fail(`unexpected dataset name in wrangler.toml: ${dataset}`, 2);
const days = Number(values.days);
const limit = Number(values.limit);
if (!Number.isInteger(days) || days < 1 || days > 90)
  fail("--days must be a whole number from 1 to 90 (Analytics Engine keeps 90 days).", 2);
if (!Number.isInteger(limit) || limit < 1 || limit > 1000) fail("--limit must be a whole number from 1 to 1000.", 2);
if (report.sql) values.by = values.by === "path" ? "query" : values.by;
const column = report.columns[values.by];
if (!column) fail(`--by must be one of: ${Object.keys(report.columns).join(", ")} (for --report ${values.report}).`, 2);
if (values.source !== undefined && (!report.sql || !sources.includes(values.source)))
  fail(`--source is one of ${sources.join(", ")}, for --report searches or zero-results.`, 2);

const sql = report.sql
  ? report.sql({ dataset, days, limit, source: values.source ? ` AND blob3 = '${values.source}'` : "" })
  : `SELECT ${column} AS ${values.by}, SUM(_sample_interval) AS views
FROM ${dataset}
WHERE timestamp > NOW() - INTERVAL '${days}' DAY ${report.where}
GROUP BY ${values.by}
ORDER BY views DESC
LIMIT ${limit}
FORMAT JSON`;

if (values["print-sql"]) {
  console.log(sql);
  process.exit(0);
}

const rows = await analyticsSql(sql, {
  command: "npm run analytics",
  help: ["Set both, e.g. CLOUDFLARE_ACCOUNT_ID=... CLOUDFLARE_API_TOKEN=... npm run analytics"],
  fail,
});

if (report.table) {
  console.log(`${report.title}${values.source ? `, from the ${values.source}` : ""}, last ${days} days (${dataset}, ${values.env}):`);
  if (!rows.length) console.log("  nothing recorded yet");
  else printTable(report.table(rows));
  process.exit(0);
}

/** Columns of numbers right-aligned, the last (the query) left-aligned. */
function printTable(table) {
  const widths = table[0].map((_, column) => Math.max(...table.map((line) => String(line[column]).length)));
  for (const line of table) {
    const cells = line.map((cell, column) =>
      column === line.length - 1 ? String(cell || "(none)") : String(cell).padStart(widths[column]),
    );
    console.log(`  ${cells.join("  ")}`);
  }
}

console.log(`${report.title}${values.by === "path" ? "" : `, by ${values.by}`}, last ${days} days (${dataset}, ${values.env}):`);
if (!rows.length) console.log("  nothing recorded yet");
const width = Math.max(5, ...rows.map((row) => Math.round(Number(row.views)).toLocaleString("en-US").length));
for (const row of rows) {
  console.log(`  ${Math.round(Number(row.views)).toLocaleString("en-US").padStart(width)}  ${row[values.by] || "(none)"}`);
}
