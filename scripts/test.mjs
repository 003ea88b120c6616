#!/usr/bin/env node
// `npm test`: builds, type-checks, checks format, lint, dead code and import layers (Biome, knip,
// dependency-cruiser), runs every suite and ends with one line
// `N passed, N failed[, N skipped]` summed over all of them.
//   vitest projects: unit (Node), worker (workerd), browser (Chromium), contract and fault (real stacks)
//   node --test:     CMS tests against a real local Directus (cms/test/*.test.mjs and the features'
//                    src/features/**/*.cms.test.mjs), once on SQLite and
//                    once on PostgreSQL (a throwaway server; skipped when PostgreSQL is not installed),
//                    then Directus as a cluster (cms/test/cluster.test.mjs: two instances, Redis,
//                    HAProxy, on the same PostgreSQL; skipped with the reason when a tool is missing)
// Two lanes take the suites in turn (longest first); each suite's output is printed when it ends
// and kept in test-results/. The end gives each lane's time and the Directus processes' peak.
// `npm run test:stress` runs all of this with a core kept busy.
// `node scripts/test.mjs --list`: the CMS test files of each node --test pass, and nothing run.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { cmsTestFiles, isCluster, isPostgresOnly } from "./lib/cms-test-files.mjs";
import { bin, root } from "./lib/processes.mjs";
import { postgresBinDir, startPostgres, testEnv } from "../cms/scripts/postgres.mjs";
import { startSlotCount, summariseCmsEvents } from "../cms/scripts/start-slots.mjs";

if (process.argv.includes("--list")) {
  // What each node --test pass would run (cmsSqlitePass, cmsPostgresPasses), one file a line.
  const files = cmsTestFiles();
  const passes = {
    "CMS on SQLite": files.filter((f) => !isPostgresOnly(f) && !isCluster(f)),
    "CMS on PostgreSQL": files.filter((f) => !isCluster(f)),
    "CMS as a cluster": files.filter(isCluster),
  };
  for (const [pass, list] of Object.entries(passes)) for (const file of list) console.log(`${pass}\t${file}`);
  process.exit(0);
}

const runStarted = Date.now();
/** Each step's and lane's time, printed above the last line. */
const timings = [];
const since = (t0) => Math.round((Date.now() - t0) / 1000);
// Every Directus of this run records its life here (cms/scripts/start-slots.mjs): the summary gives
// the peak number at once and the slowest start-up.
mkdirSync(join(root, "test-results"), { recursive: true });
process.env.CMS_START_LOG = join(root, "test-results", "cms-starts.jsonl");
rmSync(process.env.CMS_START_LOG, { force: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
/** What failed, by name, listed above the last line (a log's tail then says which). */
const failures = [];
const run = (command, args, options = {}) => spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
function step(name, command, args) {
  console.log(`\n== ${name}`);
  const t0 = Date.now();
  const result = run(command, args);
  timings.push(`${name}: ${since(t0)} s`);
  if (result.status !== 0) {
    console.error(`${name} failed (exit ${result.status})`);
    totals.failed += 1;
    failures.push(`${name} (exit ${result.status})`);
    return false;
  }
  return true;
}

const ok = step("build", process.execPath, ["scripts/build.mjs"]) && step("typecheck", bin("tsc"), ["--noEmit"]);

/** Format, lint, dead code and import layers: a failure counts, and the tests still run. */
async function staticChecks() {
  for (const [name, command, args] of [
    ["biome (format and lint)", bin("biome"), ["check", "--diagnostic-level=error", "."]],
    ["knip (unused files, exports, dependencies)", bin("knip"), ["--no-progress"]],
    ["layers (dependency-cruiser: import rules)", process.execPath, ["scripts/lint-layers.mjs"]],
    // docs/ARCHITECTURE.md's recipes followed on a copy of the tree, with the files they touch counted.
    ["recipes (a code page, a content type, a block)", process.execPath, ["scripts/recipes.mjs"]],
  ]) {
    const status = await logged(name, command, args);
    if (status !== 0) {
      console.error(`${name} failed (exit ${status})`);
      totals.failed += 1;
      failures.push(`${name} (exit ${status})`);
    }
  }
}

/** A pass's name as a file name: "vitest browser" -> vitest-browser. */
const fileName = (name) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * Runs a command with its output in `test-results/<name>.log`, printed whole when it ends (two
 * lanes run side by side; their lines would interleave).
 */
async function logged(name, command, args, env = process.env) {
  const logFile = join(root, "test-results", `${fileName(name)}.log`);
  const out = openSync(logFile, "w");
  const started = Date.now();
  const status = await new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", out, out], env });
    child.on("close", (code) => resolve(code ?? 1));
    child.on("error", () => resolve(1));
  });
  closeSync(out);
  console.log(`\n== ${name} (${since(started)} s)`);
  timings.push(`${name}: ${since(started)} s`);
  process.stdout.write(readFileSync(logFile));
  return status;
}

/** One vitest run of some projects; its JSON report adds to the totals. */
async function vitestPass(name, projects) {
  const report = join(root, "test-results", `${fileName(name)}.json`);
  rmSync(report, { force: true });
  const args = ["run", ...projects.flatMap((project) => ["--project", project]), "--reporter=default", "--reporter=json"];
  const status = await logged(name, bin("vitest"), [...args, `--outputFile.json=${report}`]);
  if (!existsSync(report)) {
    totals.failed += 1;
    failures.push(`${name}: no report (exit ${status})`);
    return;
  }
  const json = JSON.parse(readFileSync(report, "utf8"));
  for (const file of json.testResults ?? []) {
    const path = file.name.replace(`${root}/`, "");
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) failures.push(`${name}: ${path} > ${test.fullName}`);
    if (file.status === "failed" && !failed.length) failures.push(`${name}: ${path} (${(file.message ?? "").split("\n")[0]})`);
  }
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + json.numTodoTests;
  if (status !== 0 && json.numFailedTests === 0) {
    totals.failed += 1; // e.g. a suite that failed to load
    failures.push(`${name} (exit ${status})`);
  }
}

/** CMS test files at once: the cores (CMS_TEST_CONCURRENCY overrides), never more than the files. */
const cmsFilesAtOnce = (files) => Math.max(1, Math.min(files, Number(process.env.CMS_TEST_CONCURRENCY) || availableParallelism()));

/** The CMS tests (node --test) against real Directus instances; the TAP report adds to the totals. */
async function contractPass(name, files, env = process.env) {
  const tapFile = join(root, "test-results", `${fileName(name)}.tap`);
  rmSync(tapFile, { force: true }); // never count an earlier run's results
  const status = await logged(
    name,
    process.execPath,
    [
      "--test",
      // Each file runs its own Directus (own port, data dir or database). As many files at once
      // as the machine has cores: all of them at once (13) made every start-up many times slower
      // on two cores, and a busy machine slower still.
      `--test-concurrency=${cmsFilesAtOnce(files.length)}`,
      "--test-reporter=spec",
      "--test-reporter-destination=stdout",
      "--test-reporter=tap",
      `--test-reporter-destination=${tapFile}`,
      ...files,
    ],
    env,
  );
  const tap = existsSync(tapFile) ? readFileSync(tapFile, "utf8") : "";
  const count = (key) => Number(new RegExp(`^# ${key} (\\d+)$`, "m").exec(tap)?.[1] ?? 0);
  totals.passed += count("pass");
  totals.failed += count("fail") + count("cancelled");
  totals.skipped += count("skipped") + count("todo");
  // The innermost failing tests: node's TAP prints a suite's line after its tests', so a failing
  // line right after a deeper one is that test's suite. TODO tests are not failures.
  const notOk = [...tap.matchAll(/^( *)not ok \d+ - (.*?)( # (?:TODO|SKIP)\b.*)?$/gm)].filter((match) => !match[3]);
  notOk.forEach((match, i) => {
    const previous = notOk[i - 1];
    if (!previous || previous[1].length <= match[1].length) failures.push(`${name}: ${match[2]}`);
  });
  if (status !== 0 && count("fail") + count("cancelled") === 0) {
    totals.failed += 1;
    failures.push(`${name} (exit ${status})`);
  }
}

/** The CMS tests on SQLite. */
async function cmsSqlitePass() {
  // All but the production entrypoint (PostgreSQL only) and the cluster (a pass of its own).
  const files = cmsTestFiles().filter((f) => !isPostgresOnly(f) && !isCluster(f));
  if (files.length) await contractPass("cms tests (Directus on SQLite)", files);
}

/** The CMS tests on PostgreSQL, the production database, then Directus as a cluster on the same server. */
async function cmsPostgresPasses() {
  const files = cmsTestFiles();
  if (!files.length) return;
  const cluster = files.filter(isCluster);
  const clusterPass = (env) => contractPass("cms tests (Directus as a cluster: Redis, HAProxy, two instances)", cluster, env);
  // One throwaway server, a database per Directus instance (lib.mjs). Every file moves its
  // Directus by CMS_TEST_PORT_OFFSET and takes a data dir of its own here: this pass may run
  // beside the SQLite pass (the other lane).
  const pgFiles = files.filter((f) => !isCluster(f));
  if (!postgresBinDir()) {
    console.log(`\nPostgreSQL is not installed (apt-get install postgresql): the PostgreSQL pass is skipped (${pgFiles.length} files)`);
    totals.skipped += pgFiles.length;
    // The cluster file reports its own tests as skipped, with the reason.
    if (cluster.length) await clusterPass();
    return;
  }
  let server = null;
  try {
    server = await startPostgres({ port: Number(process.env.CMS_TEST_PG_PORT ?? 5433), log: () => {} });
    const pgEnv = { ...process.env, ...testEnv(server) };
    await contractPass("cms tests (Directus on PostgreSQL)", pgFiles, { ...pgEnv, CMS_TEST_PORT_OFFSET: "500" });
    // On the same server: its seeded template database is there now, so the cluster's database
    // is a copy (seconds) instead of a new seed (a minute).
    if (cluster.length) await clusterPass(pgEnv);
  } catch (error) {
    console.error(`the PostgreSQL pass could not run: ${error.message}`);
    totals.failed += 1;
    failures.push(`the PostgreSQL pass could not run: ${error.message}`);
  } finally {
    await server?.stop();
  }
}

if (ok) {
  // The suites are jobs, longest first, taken by two lanes as each comes free: every stack has
  // its own ports, data dir and database, and they mostly wait on their servers (on two cores one
  // after the other took about twice as long). Which lane runs what depends on the machine.
  console.log("\n== tests: two lanes take the suites in turn");
  const jobs = [
    ["browser", () => vitestPass("vitest browser", ["browser"])],
    ["unit, worker, contract, fault", () => vitestPass("vitest unit, worker, contract, fault", ["unit", "worker", "contract", "fault"])],
    ["CMS on PostgreSQL, cluster", cmsPostgresPasses],
    ["CMS on SQLite", cmsSqlitePass],
    ["format, lint, dead code, layers", staticChecks],
  ];
  const lane = async (number) => {
    const t0 = Date.now();
    const ran = [];
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const [name, work] = job;
      const started = Date.now();
      await work();
      ran.push(`${name} ${since(started)} s`);
    }
    timings.push(`lane ${number}: ${since(t0)} s (${ran.join(", ")})`);
  };
  await Promise.all([lane(1), lane(2)]);
}

// How the run went, so a slow machine shows where its time went.
console.log(`\n== times (whole run ${since(runStarted)} s)\n${timings.map((line) => `  ${line}`).join("\n")}`);
if (existsSync(process.env.CMS_START_LOG)) {
  const cms = summariseCmsEvents(readFileSync(process.env.CMS_START_LOG, "utf8"));
  const slowest = cms.slowest ? `${(cms.slowest.ms / 1000).toFixed(1)} s (port ${cms.slowest.port})` : "none";
  console.log(
    `  Directus: ${cms.starts} start-ups, at most ${cms.peak} processes at once, ${startSlotCount()} start-up at a time, ` +
      `slowest start-up ${slowest}, longest wait for a start-up slot ${(cms.longestWait / 1000).toFixed(1)} s; ` +
      `CMS test files ${cmsFilesAtOnce(Number.POSITIVE_INFINITY)} at once`,
  );
}

if (failures.length) console.log(`\nFailed:\n${failures.map((line) => `  ✗ ${line}`).join("\n")}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : "";
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
