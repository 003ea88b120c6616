#!/usr/bin/env node
// `npm run lint` (and `npm test`): the import rules of .dependency-cruiser.cjs over src/, and no
// cycle between the units of the code (a feature, a shared layer, an app folder), type imports
// counted. Fails on any
// rule error not in .dependency-cruiser-known-violations.json, and on any unit cycle.
//   node scripts/lint-layers.mjs [--units] [paths…]   (default: src; --units prints the unit graph)
import { spawnSync } from "node:child_process";
import { bin, root } from "./lib/processes.mjs";

const args = process.argv.slice(2);
const printUnits = args.includes("--units");
const paths = args.filter((arg) => arg !== "--units");
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
const errors = report.summary.violations.filter((violation) => violation.rule.severity === "error");
for (const violation of errors) {
  const via = violation.cycle?.length ? ` (cycle: ${violation.cycle.map((step) => step.name ?? step).join(" → ")})` : "";
  console.error(`layers: ${violation.rule.name}: ${violation.from} → ${violation.to}${via}`);
}

/** The unit a module belongs to: src/features/<name>, src/<folder>, or a file at the top of src. */
export const unitOf = (path) => {
  const parts = path.split("/");
  if (parts[1] === "features") return parts.slice(0, 3).join("/");
  return parts.length > 2 ? parts.slice(0, 2).join("/") : path;
};

const graph = new Map();
let crossUnitImports = 0;
for (const module of report.modules) {
  if (!module.source.startsWith("src/") || /\.test\.(tsx?|mjs)$/.test(module.source)) continue;
  for (const dependency of module.dependencies) {
    // Type imports count: erased before anything runs, they still tie one unit's knowledge to another's.
    if (!dependency.resolved.startsWith("src/")) continue;
    const from = unitOf(module.source);
    const to = unitOf(dependency.resolved);
    if (from === to) continue;
    crossUnitImports++;
    if (!graph.has(from)) graph.set(from, new Map());
    const edges = graph.get(from);
    edges.set(to, [...(edges.get(to) ?? []), `${module.source} → ${dependency.resolved}`]);
  }
}

/** Strongly connected groups of more than one unit (Tarjan): each is a cycle between units. */
function cycles() {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (unit) => {
    index.set(unit, next);
    low.set(unit, next++);
    stack.push(unit);
    onStack.add(unit);
    for (const to of graph.get(unit)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(unit, Math.min(low.get(unit), low.get(to)));
      } else if (onStack.has(to)) low.set(unit, Math.min(low.get(unit), index.get(to)));
    }
    if (low.get(unit) === index.get(unit)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== unit);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const unit of graph.keys()) if (!index.has(unit)) visit(unit);
  return groups;
}

const unitCycles = cycles();
for (const group of unitCycles) {
  console.error(`layers: units that import each other around a loop: ${group.join(", ")}`);
  for (const from of group)
    for (const [to, imports] of graph.get(from) ?? [])
      if (group.includes(to))
        console.error(`  ${from} → ${to}: ${imports.slice(0, 3).join("; ")}${imports.length > 3 ? ` (+${imports.length - 3})` : ""}`);
}
if (printUnits) for (const [from, edges] of [...graph].sort()) console.log(`${from} → ${[...edges.keys()].sort().join(", ")}`);

const known = report.summary.ignore ?? 0;
const units = new Set([...graph.keys(), ...[...graph.values()].flatMap((edges) => [...edges.keys()])]);
console.log(
  `layers: ${report.summary.totalCruised} modules in ${units.size} units, ${crossUnitImports} imports across units, ` +
    `${errors.length} new violation${errors.length === 1 ? "" : "s"}, ${known} known, ${unitCycles.length} unit cycle${unitCycles.length === 1 ? "" : "s"}`,
);
process.exit(errors.length || unitCycles.length ? 1 : 0);
