// Editors' redirect patterns against hostile paths: time per match as the path doubles, on the
// engine the worker uses (RE2 through re2js) and, for the record, V8's backtracking engine with a
// small path (it grows as n⁴ on these patterns). Linear means the time roughly doubles when the
// path doubles; the target asks for no more than 3× per doubling at the worst accepted pattern.
//   node scripts/bench/patterns.mjs            (prints the table)
import { RE2JS } from "re2js";
import { patternProblem } from "../../cms/scripts/redirect-rules.mjs";

/** Patterns the save check accepts that backtrack badly in V8: adjacent overlapping quantifiers. */
const patterns = ["/x/a*a*a*a*b", "/y/[a-z]*[a-z]*[a-z]*[a-z]*!", "/z/.*.*.*=.*"];
const lengths = [250, 500, 1000];

/** Median of `runs` timings of `fn`, in ms. */
function median(fn, runs) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const started = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export function measurePatterns({ log = () => {} } = {}) {
  const rows = [];
  for (const pattern of patterns) {
    if (patternProblem(pattern)) throw new Error(`the save check refuses ${pattern}: pick another worst case`);
    const re2 = RE2JS.compile(`^(?:${pattern})$`);
    const v8 = new RegExp(`^(?:${pattern})$`);
    const prefix = pattern.slice(0, 3);
    const path = (n) => prefix + "a".repeat(n);
    const row = { pattern, re2Ms: {}, v8Ms: {} };
    median(() => re2.matcher(path(lengths.at(-1))).matches(), 10); // warm-up: the JIT, not the engine
    for (const n of lengths) row.re2Ms[n] = Number(median(() => re2.matcher(path(n)).matches(), 15).toFixed(3));
    // V8 only on short paths: at 1,000 characters one match takes minutes.
    for (const n of [50, 100]) row.v8Ms[n] = Number(median(() => v8.test(path(n)), 3).toFixed(3));
    row.growthPerDoubling = Number(Math.max(row.re2Ms[500] / row.re2Ms[250], row.re2Ms[1000] / row.re2Ms[500]).toFixed(2));
    log(`  ${pattern}: RE2 ${lengths.map((n) => `${n}→${row.re2Ms[n]} ms`).join(", ")}; V8 50→${row.v8Ms[50]} ms, 100→${row.v8Ms[100]} ms`);
    rows.push(row);
  }
  return { lengths, rows };
}

export function patternTargets(report) {
  const worst = Math.max(...report.rows.map((row) => row.growthPerDoubling));
  return [
    {
      target: "redirect patterns match in linear time: <= 3x per doubling of the path at the worst accepted pattern",
      measured: `${worst}x (${report.rows.map((row) => `${row.pattern} ${row.re2Ms[1000]} ms at 1,000`).join("; ")})`,
      met: worst <= 3,
    },
  ];
}

export function patternsToMarkdown(report) {
  const lines = [
    "## Redirect patterns (hostile paths)",
    "",
    `| pattern | RE2 ${report.lengths.join(" / ")} chars (ms) | growth per doubling | V8 50 / 100 chars (ms) |`,
    "|---|---|---|---|",
  ];
  for (const row of report.rows) {
    lines.push(
      `| \`${row.pattern}\` | ${report.lengths.map((n) => row.re2Ms[n]).join(" / ")} | ${row.growthPerDoubling}x | ${row.v8Ms[50]} / ${row.v8Ms[100]} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = measurePatterns({ log: console.log });
  console.log(`\n${patternsToMarkdown(report)}`);
  for (const target of patternTargets(report)) console.log(`${target.met ? "met" : "NOT met"}: ${target.target} — ${target.measured}`);
}
