#!/usr/bin/env node
// `npm test`: builds, type-checks, runs every suite and ends with one line
// `N passed, N failed[, N skipped]` summed over all of them.
//   vitest projects: unit (Node), worker (workerd), browser (Chromium)
//   node --test:     contract tests against a real local Directus (cms/test)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { bin, root } from "./lib/processes.mjs";

const totals = { passed: 0, failed: 0, skipped: 0 };
const run = (command, args, options = {}) =>
  spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
function step(name, command, args) {
  console.log(`\n== ${name}`);
  const result = run(command, args);
  if (result.status !== 0) {
    console.error(`${name} failed (exit ${result.status})`);
    totals.failed += 1;
    return false;
  }
  return true;
}

const ok = step("build", process.execPath, ["scripts/build.mjs"]) && step("typecheck", bin("tsc"), ["--noEmit"]);

if (ok) {
  // vitest: all three projects, JSON report for the totals.
  mkdirSync(join(root, "test-results"), { recursive: true });
  const report = join(root, "test-results/vitest.json");
  console.log("\n== vitest (unit, worker, browser)");
  const vitest = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, "utf8"));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
    if (vitest.status !== 0 && json.numFailedTests === 0) totals.failed += 1; // e.g. a suite that failed to load
  } else {
    totals.failed += 1;
  }

  // Contract tests against the real local Directus.
  const contractDir = join(root, "cms/test");
  const files = existsSync(contractDir) ? readdirSync(contractDir).filter((f) => f.endsWith(".test.mjs")) : [];
  if (files.length) {
    console.log("\n== contract tests (Directus)");
    const result = spawnSync(process.execPath, ["--test", "--test-reporter=spec", "--test-reporter-destination=stdout", "--test-reporter=tap", "--test-reporter-destination=test-results/contract.tap", ...files.map((f) => join("cms/test", f))], { cwd: root, stdio: "inherit" });
    const tap = existsSync(join(root, "test-results/contract.tap")) ? readFileSync(join(root, "test-results/contract.tap"), "utf8") : "";
    const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, "m").exec(tap)?.[1] ?? 0);
    totals.passed += count("pass");
    totals.failed += count("fail") + count("cancelled");
    totals.skipped += count("skipped") + count("todo");
    if (result.status !== 0 && count("fail") + count("cancelled") === 0) totals.failed += 1;
  }
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : "";
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
