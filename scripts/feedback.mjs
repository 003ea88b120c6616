#!/usr/bin/env node
// `npm run feedback`: the least helpful docs and API pages with what readers wrote about them.
//   votes     Workers Analytics Engine (DOCS_FEEDBACK, written by POST /api/feedback: blob1 path,
//             blob2 yes/no, double1 1 for yes) through Cloudflare's SQL API
//   comments  Directus' docs_feedback collection (REST, an editor's or the admin's token)
//
//   npm run feedback                            last 30 days, prod, pages with at least 3 votes
//   npm run feedback -- --env preprod --days 7 --min-votes 1 --limit 10 --comments 5
//   npm run feedback -- --print-sql             only print the query
//
// Needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (Account → Account Analytics → Read), and
// for the comments CMS_URL and CMS_TOKEN (without them the votes alone are printed).
// CLOUDFLARE_API_BASE_URL points the SQL API elsewhere (the tests' fake).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { root } from "./lib/processes.mjs";
import { datasetsFromWrangler } from "./lib/wrangler-datasets.mjs";
import { analyticsSql } from "./lib/analytics-sql.mjs";
import { withoutControlCharacters } from "../src/lib/control-characters.ts";

const { values } = parseArgs({
  options: {
    env: { type: "string", default: "prod" },
    days: { type: "string", default: "30" },
    limit: { type: "string", default: "20" },
    "min-votes": { type: "string", default: "3" },
    comments: { type: "string", default: "3" },
    "print-sql": { type: "boolean", default: false },
  },
});

function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

const wholeNumber = (name, min, max) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min || value > max) fail(`--${name} must be a whole number from ${min} to ${max}.`, 2);
  return value;
};
const days = wholeNumber("days", 1, 90);
const limit = wholeNumber("limit", 1, 1000);
const minVotes = wholeNumber("min-votes", 1, 1_000_000);
const commentsPerPage = wholeNumber("comments", 0, 100);

const datasets = datasetsFromWrangler(readFileSync(join(root, "wrangler.toml"), "utf8"), "DOCS_FEEDBACK");
const dataset = datasets[values.env];
if (!dataset)
  fail(
    `wrangler.toml has no DOCS_FEEDBACK dataset for the environment "${values.env}" (found: ${Object.keys(datasets).join(", ") || "none"}).`,
    2,
  );
if (!/^\w+$/.test(dataset)) fail(`unexpected dataset name in wrangler.toml: ${dataset}`, 2);

// Each row stands for _sample_interval votes; the least helpful share first, then the most votes.
const sql = `SELECT blob1 AS page, SUM(_sample_interval) AS votes, SUM(_sample_interval * double1) AS helpful,
  SUM(_sample_interval * double1) / SUM(_sample_interval) AS share
FROM ${dataset}
WHERE timestamp > NOW() - INTERVAL '${days}' DAY
GROUP BY page
HAVING votes >= ${minVotes}
ORDER BY share ASC, votes DESC
LIMIT ${limit}
FORMAT JSON`;

if (values["print-sql"]) {
  console.log(sql);
  process.exit(0);
}

const rows = await analyticsSql(sql, {
  command: "npm run feedback",
  help: ["  CMS_URL, CMS_TOKEN     optional: Directus and a token that reads docs_feedback (the comments)"],
  fail,
});

/** The latest comments per page from Directus, or null without CMS_URL/CMS_TOKEN. */
async function commentsFor(pages) {
  const cms = process.env.CMS_URL;
  const cmsToken = process.env.CMS_TOKEN;
  if (!cms || !cmsToken || pages.length === 0 || commentsPerPage === 0) return null;
  const since = new Date(Date.now() - days * 86_400_000).toISOString();
  const query = new URLSearchParams({
    filter: JSON.stringify({ page: { _in: pages }, date_created: { _gte: since } }),
    fields: "page,helpful,comment,date_created",
    sort: "-date_created",
    limit: "-1",
  });
  const answer = await fetch(`${cms.replace(/\/$/, "")}/items/docs_feedback?${query}`, {
    headers: { Authorization: `Bearer ${cmsToken}` },
    signal: AbortSignal.timeout(30_000),
  }).catch((error) => fail(`Directus could not be reached at ${cms}: ${error.message}`));
  if (!answer.ok) fail(`Directus answered ${answer.status} to the comments query:\n${(await answer.text()).slice(0, 500)}`);
  const byPage = new Map();
  for (const row of (await answer.json()).data ?? []) {
    const list = byPage.get(row.page) ?? [];
    if (list.length < commentsPerPage) list.push(row);
    byPage.set(row.page, list);
  }
  return byPage;
}

/** What readers wrote (and rows stored before the worker cleaned them) as one line a terminal only shows. */
const printable = (value) =>
  withoutControlCharacters(String(value ?? ""))
    .replace(/\s+/g, " ")
    .trim();

const comments = await commentsFor(rows.map((row) => row.page));
console.log(`Least helpful pages, last ${days} days (${dataset}, ${values.env}; at least ${minVotes} votes):`);
if (!rows.length) console.log("  nothing recorded yet");
for (const row of rows) {
  const votes = Math.round(Number(row.votes));
  const helpful = Math.round(Number(row.helpful));
  const share = votes ? Math.round((helpful / votes) * 100) : 0;
  console.log(`  ${String(share).padStart(3)}% helpful  ${String(helpful).padStart(5)}/${votes}  ${printable(row.page)}`);
  for (const comment of comments?.get(row.page) ?? []) {
    const oneLine = [...printable(comment.comment)].slice(0, 200).join("");
    console.log(`        ${comment.helpful ? "yes" : "no "} ${printable(comment.date_created).slice(0, 10)}  “${oneLine}”`);
  }
}
if (comments === null && rows.length) console.log("(set CMS_URL and CMS_TOKEN to see the comments)");
