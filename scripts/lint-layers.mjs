#!/usr/bin/env node
// `npm run lint` (and `npm test`): the import rules of .dependency-cruiser.cjs over src/. Fails on
// any error that is not in .dependency-cruiser-known-violations.json (the code as it was before
// the move to folders by feature); prints how many folder cycles are left.
//   node scripts/lint-layers.mjs [paths…]   (default: src)
import { spawnSync } from "node:child_process";
import { bin, root } from "./lib/processes.mjs";

const paths = process.argv.slice(2);
const result = spawnSync(
  bin("depcruise"),
  [...(paths.length ? paths : ["src"]), "--config", ".dependency-cruiser.cjs", "--ignore-known", "--output-type", "json"],
  { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
);
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  console.error(result.stderr || result.stdout);
  console.error("layers: dependency-cruiser did not report");
  process.exit(2);
}
const violations = report.summary.violations;
const errors = violations.filter((violation) => violation.rule.severity === "error");
const folderCycles = violations.filter((violation) => violation.rule.name === "no-folder-cycles").length;
for (const violation of errors) {
  const via = violation.cycle?.length ? ` (cycle: ${violation.cycle.map((step) => step.name ?? step).join(" → ")})` : "";
  console.error(`layers: ${violation.rule.name}: ${violation.from} → ${violation.to}${via}`);
}
const known = report.summary.ignore ?? 0;
console.log(
  `layers: ${report.summary.totalCruised} modules, ${errors.length} new violation${errors.length === 1 ? "" : "s"}, ${known} known, ${folderCycles} folder cycles left`,
);
process.exit(errors.length ? 1 : 0);
