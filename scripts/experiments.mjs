#!/usr/bin/env node
// `npm run experiments`: the experiments' results from Workers Analytics Engine (EXPERIMENT_EVENTS,
// written by the worker: src/features/experiments/events.server.ts), through Cloudflare's SQL API.
// Per experiment and variant: visitors (first shown it), conversions (reached its goal, once per
// visitor), the rate, the uplift over the control and the two-sided p-value of the two-proportion
// z-test (scripts/lib/two-proportions.mjs; decision 028).
//
//   npm run experiments                                   every experiment of the last 30 days, prod
//   npm run experiments -- --experiment pricing-hero --days 14 --env preprod
//   npm run experiments -- --print-sql                    only print the query
//
// Needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (a token with Account → Account Analytics →
// Read). Each row stands for _sample_interval events (Analytics Engine samples at high volume).
// CLOUDFLARE_API_BASE_URL points it elsewhere (the tests' fake SQL API).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { analyticsSql } from "./lib/analytics-sql.mjs";
import { root } from "./lib/processes.mjs";
import { twoProportionTest } from "./lib/two-proportions.mjs";
import { datasetsFromWrangler } from "./lib/wrangler-datasets.mjs";

const { values } = parseArgs({
  options: {
    env: { type: "string", default: "prod" },
    days: { type: "string", default: "30" },
    experiment: { type: "string" },
    "print-sql": { type: "boolean", default: false },
  },
});

function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

const datasets = datasetsFromWrangler(readFileSync(join(root, "wrangler.toml"), "utf8"), "EXPERIMENT_EVENTS");
const dataset = datasets[values.env];
if (!dataset)
  fail(
    `wrangler.toml has no EXPERIMENT_EVENTS dataset for the environment "${values.env}" (found: ${Object.keys(datasets).join(", ") || "none"}).`,
    2,
  );
if (!/^\w+$/.test(dataset)) fail(`unexpected dataset name in wrangler.toml: ${dataset}`, 2);
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1 || days > 90)
  fail("--days must be a whole number from 1 to 90 (Analytics Engine keeps 90 days).", 2);
if (values.experiment !== undefined && !/^[a-z0-9][a-z0-9-]{0,39}$/.test(values.experiment))
  fail("--experiment is an experiment's key: lower case letters, digits and dashes.", 2);

const sql = `SELECT blob2 AS experiment, blob3 AS variant, blob4 AS role,
  SUM(if(blob1 = 'exposure', _sample_interval, 0)) AS visitors,
  SUM(if(blob1 = 'conversion', _sample_interval, 0)) AS conversions
FROM ${dataset}
WHERE timestamp > NOW() - INTERVAL '${days}' DAY${values.experiment ? ` AND blob2 = '${values.experiment}'` : ""}
GROUP BY experiment, variant, role
ORDER BY experiment, variant
FORMAT JSON`;

if (values["print-sql"]) {
  console.log(sql);
  process.exit(0);
}

const rows = await analyticsSql(sql, {
  command: "npm run experiments",
  help: ["Set both, e.g. CLOUDFLARE_ACCOUNT_ID=... CLOUDFLARE_API_TOKEN=... npm run experiments"],
  fail,
});

const count = (value) => Math.round(value).toLocaleString("en-US");
const percent = (value, digits = 2) => (value === null ? "-" : `${(100 * value).toFixed(digits)}%`);

console.log(`Experiments, last ${days} days (${dataset}, ${values.env}):`);
if (!rows.length) console.log("  nothing recorded yet");
const byExperiment = Map.groupBy(rows, (row) => row.experiment);
for (const [experiment, variants] of byExperiment) {
  const control = variants.find((row) => row.role === "control");
  const x1 = Number(control?.conversions ?? 0);
  const n1 = Number(control?.visitors ?? 0);
  const table = [["variant", "visitors", "conversions", "rate", "uplift", "z", "p-value"]];
  for (const row of [control, ...variants.filter((v) => v !== control)].filter(Boolean)) {
    const visitors = Number(row.visitors);
    const conversions = Number(row.conversions);
    const rate = visitors ? conversions / visitors : null;
    if (row === control) {
      table.push([`${row.variant} (control)`, count(visitors), count(conversions), percent(rate), "", "", ""]);
      continue;
    }
    const test = control ? twoProportionTest(x1, n1, conversions, visitors) : { uplift: null, z: null, p: null };
    table.push([
      row.variant,
      count(visitors),
      count(conversions),
      percent(rate),
      test.uplift === null ? "-" : `${test.uplift >= 0 ? "+" : ""}${percent(test.uplift, 1)}`,
      test.z === null ? "-" : test.z.toFixed(2),
      test.p === null ? "-" : test.p < 0.0001 ? "<0.0001" : test.p.toFixed(4),
    ]);
  }
  console.log(`\n  ${experiment}${control ? "" : " (no control recorded: no uplift or p-value)"}`);
  const widths = table[0].map((_, column) => Math.max(...table.map((line) => line[column].length)));
  for (const line of table)
    console.log(`    ${line.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column]))).join("  ")}`);
}
if (rows.length) {
  console.log(
    "\n  p-value: two-sided, two-proportion z-test of each variant against the control. Below 0.05 the difference is\n  unlikely to be chance; decide on the number of visitors set before the start, not on the first small p-value.",
  );
}
