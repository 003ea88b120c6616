#!/usr/bin/env node
// `npm test`: builds, type-checks, checks format, lint and dead code (Biome, knip), runs every suite and ends with one line
// `N passed, N failed[, N skipped]` summed over all of them.
//   vitest projects: unit (Node), worker (workerd), browser (Chromium)
//   node --test:     contract tests against a real local Directus (cms/test), once on SQLite and
//                    once on PostgreSQL (a throwaway server; skipped when PostgreSQL is not installed)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { bin, root } from "./lib/processes.mjs";
import { postgresBinDir, startPostgres, testEnv } from "../cms/scripts/postgres.mjs";

const totals = { passed: 0, failed: 0, skipped: 0 };
const run = (command, args, options = {}) => spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
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
// Format, lint and dead code: a failure counts, and the tests still run.
if (ok) {
  step("biome (format and lint)", bin("biome"), ["check", "--diagnostic-level=error", "."]);
  step("knip (unused files, exports, dependencies)", bin("knip"), ["--no-progress"]);
}

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
  // The production entrypoint is tested on PostgreSQL only.
  const pgOnly = new Set(["entrypoint.test.mjs"]);
  const contractPass = (files, tapName, env = process.env) => {
    const tapFile = join("test-results", tapName);
    rmSync(join(root, tapFile), { force: true }); // never count an earlier run's results
    const result = spawnSync(
      process.execPath,
      [
        "--test",
        // Each file runs its own Directus (own port, data dir or database): side by side they
        // overlap their start-ups (measured on SQLite: 68 s instead of 121 s on 2 cores).
        `--test-concurrency=${files.length}`,
        "--test-reporter=spec",
        "--test-reporter-destination=stdout",
        "--test-reporter=tap",
        `--test-reporter-destination=${tapFile}`,
        ...files.map((f) => join("cms/test", f)),
      ],
      { cwd: root, stdio: "inherit", env },
    );
    const tap = existsSync(join(root, tapFile)) ? readFileSync(join(root, tapFile), "utf8") : "";
    const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, "m").exec(tap)?.[1] ?? 0);
    totals.passed += count("pass");
    totals.failed += count("fail") + count("cancelled");
    totals.skipped += count("skipped") + count("todo");
    if (result.status !== 0 && count("fail") + count("cancelled") === 0) totals.failed += 1;
  };
  const sqliteFiles = files.filter((f) => !pgOnly.has(f));
  if (sqliteFiles.length) {
    console.log("\n== contract tests (Directus on SQLite)");
    contractPass(sqliteFiles, "contract.tap");
  }

  // The same tests on PostgreSQL, the production database: one throwaway server, a database per
  // Directus instance (lib.mjs); files that honour CMS_TEST_PORT_OFFSET move their Directus by 20.
  if (files.length) {
    console.log("\n== contract tests (Directus on PostgreSQL)");
    if (!postgresBinDir()) {
      console.log(`PostgreSQL is not installed (apt-get install postgresql): the PostgreSQL pass is skipped (${files.length} files)`);
      totals.skipped += files.length;
    } else {
      let server = null;
      try {
        server = await startPostgres({ port: Number(process.env.CMS_TEST_PG_PORT ?? 5433), log: (m) => console.log(m) });
        contractPass(files, "contract-pg.tap", { ...process.env, ...testEnv(server), CMS_TEST_PORT_OFFSET: "20" });
      } catch (error) {
        console.error(`the PostgreSQL pass could not run: ${error.message}`);
        totals.failed += 1;
      } finally {
        await server?.stop();
      }
    }
  }
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : "";
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
