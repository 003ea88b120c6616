#!/usr/bin/env node
// Entrypoint of the Meridian CMS image (cms/Dockerfile). Every step is idempotent, so each
// container start may run them:
//
//   node docker-entrypoint.mjs [start]   migrate, then run Directus in the foreground (default)
//   node docker-entrypoint.mjs migrate   bootstrap → schema apply → access/flow set-up → cache clear; exit
//   node docker-entrypoint.mjs plan      print what `migrate` would change in the schema; change nothing
//   node docker-entrypoint.mjs config    print the settings Directus would get (secrets left out); change nothing
//
// With more than one instance, run `migrate` once per release (a one-off job) and start the
// instances with CMS_MIGRATE_ON_START=false, so they never set up permissions at the same time.
// With REDIS (or REDIS_HOST) set, the settings the cluster tests run with (cms/scripts/cluster.mjs,
// clusterEnv) are the defaults: cache, rate-limiter counters and schedules on Redis, the cache
// cleared on every save, websockets on, and on SIGTERM 3 s out of the balancer's rotation (its
// health check GET /server/ping answers 503, requests are still served) before Directus stops
// listening and has 10 s to finish what it has. A store set to redis without Redis stops the
// container (exit 2).
//
// Configuration is the process environment: Directus' own variables (SECRET, PUBLIC_URL, DB_*,
// STORAGE_*, REDIS, CACHE_*, RATE_LIMITER_*, SYNCHRONIZATION_STORE, ADMIN_*) plus
//   DIRECTUS_DIR            where Directus is installed (node_modules inside); default /directus
//   DIRECTUS_PREVIEW_TOKEN  static token of the read-only Preview user (the site's drafts)
//   DIRECTUS_READ_TOKEN     static token of the read-only Site reader user (the site's published
//                           reads: pages with their blocks, files; the Public policy reads neither)
//   DIRECTUS_SITE_TOKEN     static token of the Site user (newsletter sign-up, form submissions)
//   SITE_URL, REVALIDATE_SECRET  where and how the revalidation flow calls the site; SITE_URL
//                           is also the origin of the Live Preview URLs and may be framed by the admin
//   FORM_WEBHOOK_HOSTS      hosts form webhooks may post to (comma-separated; empty: none), judged
//                           when a webhook is saved; the site's worker has the same var
//   CMS_MIGRATE_ON_START    "false": `start` only starts Directus
//   CMS_SHUTDOWN_DRAIN_MS   on SIGTERM, how long /server/ping answers 503 (everything else still
//                           served) before Directus shuts down (extensions/graceful-shutdown);
//                           0: none (the default without REDIS)
// The schema snapshot and the set-up scripts are read from beside this file (schema/, scripts/).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const DIRECTUS_DIR = resolve(process.env.DIRECTUS_DIR ?? "/directus");
const RUN_JS = join(DIRECTUS_DIR, "node_modules", "@directus", "api", "dist", "cli", "run.js");
const SNAPSHOT = process.env.CMS_SNAPSHOT ?? join(HERE, "schema", "snapshot.yaml");
const command = process.argv[2] ?? "start";
const log = (message) => console.log(`[entrypoint] ${message}`);

/** Settings without which a production instance must not start. */
const REQUIRED = {
  plan: ["SECRET", "DB_CLIENT"],
  migrate: [
    "SECRET",
    "PUBLIC_URL",
    "DB_CLIENT",
    "ADMIN_EMAIL",
    "ADMIN_PASSWORD",
    "ADMIN_TOKEN",
    "DIRECTUS_PREVIEW_TOKEN",
    "DIRECTUS_READ_TOKEN",
    "DIRECTUS_SITE_TOKEN",
    "SITE_URL",
    "REVALIDATE_SECRET",
  ],
  start: ["SECRET", "PUBLIC_URL", "DB_CLIENT"],
};
const REQUIRED_PG = ["DB_HOST", "DB_DATABASE", "DB_USER"];

// Defaults for a container; anything set in the environment wins.
const env = {
  HOST: "0.0.0.0",
  PORT: "8055",
  TELEMETRY: "false",
  LOG_STYLE: "raw",
  NODE_ENV: "production",
  ...process.env,
};
// The revalidation flow and the form webhook check read these through {{$env.*}}; Directus hides
// every other variable from flows.
env.FLOWS_ENV_ALLOW_LIST = [
  ...new Set([...(env.FLOWS_ENV_ALLOW_LIST ?? "").split(","), "SITE_URL", "REVALIDATE_SECRET", "FORM_WEBHOOK_HOSTS"].filter(Boolean)),
].join(",");
// More than one instance: what they share lives in Redis (cms/README.md, "Production").
const CLUSTER_DEFAULTS = {
  CACHE_ENABLED: "true",
  CACHE_STORE: "redis",
  CACHE_AUTO_PURGE: "true",
  RATE_LIMITER_STORE: "redis",
  SYNCHRONIZATION_STORE: "redis",
  WEBSOCKETS_ENABLED: "true",
  CMS_SHUTDOWN_DRAIN_MS: "3000",
  SERVER_SHUTDOWN_TIMEOUT: "10000",
};
const redisConfigured = Boolean(env.REDIS || env.REDIS_HOST);
if (redisConfigured) {
  for (const [key, value] of Object.entries(CLUSTER_DEFAULTS)) env[key] ??= value;
}
// Live Preview and the Visual Editor show the site in an iframe of the admin app.
if (env.SITE_URL && !env.CONTENT_SECURITY_POLICY_DIRECTIVES__FRAME_SRC) {
  try {
    env.CONTENT_SECURITY_POLICY_DIRECTIVES__FRAME_SRC = `'self',${new URL(env.SITE_URL).origin}`;
  } catch {
    /* an invalid SITE_URL fails the set-up with its own message */
  }
}

let current = null; // the Directus child process running now
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    stopping = true;
    if (current) current.kill(signal);
    else process.exit(128 + (signal === "SIGTERM" ? 15 : 2));
  });
}

/** Run a Directus CLI command; resolves with its output (also echoed), rejects on failure. */
function directus(args, { extraEnv = {}, quiet = false } = {}) {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [RUN_JS, ...args], {
      cwd: DIRECTUS_DIR,
      env: { ...env, ...extraEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    current = child;
    let output = "";
    const onData = (stream) => (d) => {
      output += d;
      if (!quiet) stream.write(d);
    };
    child.stdout.on("data", onData(process.stdout));
    child.stderr.on("data", onData(process.stderr));
    child.on("error", rej);
    child.on("exit", (code, signal) => {
      current = null;
      if (code === 0) res(output);
      else
        rej(
          Object.assign(new Error(`directus ${args.join(" ")} failed (${code ?? signal})${quiet ? `\n${output.slice(-3000)}` : ""}`), {
            code,
            signal,
          }),
        );
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function ping(url) {
  try {
    const res = await fetch(`${url}/server/ping`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Schema: the committed snapshot comes from the SQLite development instance. Applied as it is to
// PostgreSQL it creates everything correctly, but Directus then compares vendor-specific column
// details too (`varchar` against `character varying`, `char(36)` against `uuid`, constraint
// names SQLite does not report), so every later apply would re-alter unchanged columns. The
// snapshot is therefore first translated to this database's vendor, from its own snapshot:
// only real changes remain.

const VENDOR_FIELD_KEYS = ["data_type", "numeric_precision", "numeric_scale"];
/** Types whose length / precision is a setting of the model, not a detail of the vendor. */
const SIZED_TYPES = new Set(["string", "decimal", "hash"]);

/** `target` expressed in the vendor terms of `current` (both Directus snapshots). */
function adaptSnapshot(target, current) {
  if (!current || target.vendor === current.vendor) return target;
  const adapted = structuredClone(target);
  adapted.vendor = current.vendor;
  const fields = new Map((current.fields ?? []).map((f) => [`${f.collection}.${f.field}`, f]));
  for (const field of adapted.fields ?? []) {
    const now = fields.get(`${field.collection}.${field.field}`);
    if (!now || now.type !== field.type || !field.schema || !now.schema) continue;
    for (const key of VENDOR_FIELD_KEYS) {
      if (SIZED_TYPES.has(field.type) && key !== "data_type") continue;
      field.schema[key] = now.schema[key];
    }
    if (!SIZED_TYPES.has(field.type)) field.schema.max_length = now.schema.max_length;
  }
  const relations = new Map((current.relations ?? []).map((r) => [`${r.collection}.${r.field}`, r]));
  for (const relation of adapted.relations ?? []) {
    const now = relations.get(`${relation.collection}.${relation.field}`);
    if (now?.schema && relation.schema && now.related_collection === relation.related_collection) {
      relation.schema.constraint_name = now.schema.constraint_name;
    }
  }
  return adapted;
}

/**
 * Writes the snapshot to apply to this database (Live Preview URLs for this environment, vendor
 * translated when it differs); returns its path.
 */
async function targetSnapshot(workDir) {
  const yaml = createRequire(join(DIRECTUS_DIR, "package.json"))("js-yaml");
  const target = yaml.load(readFileSync(SNAPSHOT, "utf8"));
  const vendor = { pg: "postgres", postgres: "postgres", postgresql: "postgres", sqlite3: "sqlite" }[env.DB_CLIENT] ?? env.DB_CLIENT;
  // The snapshot's preview URLs carry the development origin and token; the access set-up writes
  // this environment's, so the comparison must expect those (else every start re-applies).
  if (env.SITE_URL && env.DIRECTUS_PREVIEW_TOKEN) {
    const { withPreviewUrls } = await import(join(HERE, "scripts", "setup.mjs"));
    withPreviewUrls(target, { siteUrl: env.SITE_URL, previewToken: env.DIRECTUS_PREVIEW_TOKEN });
  }
  if (target.vendor === vendor) {
    const file = join(workDir, `snapshot.${vendor}.json`);
    writeFileSync(file, JSON.stringify(target, null, 2));
    return file;
  }
  const currentFile = join(workDir, "current.json");
  await directus(["schema", "snapshot", "--yes", "--format", "json", currentFile], { quiet: true });
  const adapted = adaptSnapshot(target, JSON.parse(readFileSync(currentFile, "utf8")));
  const file = join(workDir, `snapshot.${adapted.vendor}.json`);
  writeFileSync(file, JSON.stringify(adapted, null, 2));
  log(`schema: ${SNAPSHOT} (${target.vendor}) translated to ${adapted.vendor} column types for the comparison`);
  return file;
}

// ---------------------------------------------------------------------------------------------

/** Roles, policies, permissions, token users and the flow: through the REST API of a private instance. */
async function setUpAccess() {
  const port = String(env.CMS_SETUP_PORT ?? env.PORT);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [RUN_JS, "start"], {
    cwd: DIRECTUS_DIR,
    // Private, behind no balancer: nothing to drain when it is stopped.
    env: { ...env, HOST: "127.0.0.1", PORT: port, CMS_SHUTDOWN_DRAIN_MS: "0" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  current = child;
  let exited = null;
  const exit = new Promise((res) =>
    child.on("exit", (code, signal) => {
      exited = code ?? signal;
      current = null;
      res();
    }),
  );
  try {
    const t0 = Date.now();
    while (!(await ping(url))) {
      if (exited !== null) throw new Error(`Directus exited during the set-up start (${exited})`);
      if (Date.now() - t0 > 120_000) throw new Error("Directus did not answer /server/ping within 120 s");
      await sleep(250);
    }
    const { createApi } = await import(join(HERE, "scripts", "lib.mjs"));
    const { setupAccess } = await import(join(HERE, "scripts", "setup.mjs"));
    await setupAccess(
      createApi(url, env.ADMIN_TOKEN),
      {
        url,
        adminToken: env.ADMIN_TOKEN,
        previewToken: env.DIRECTUS_PREVIEW_TOKEN,
        siteToken: env.DIRECTUS_SITE_TOKEN,
        readToken: env.DIRECTUS_READ_TOKEN,
        siteUrl: env.SITE_URL,
        revalidateSecret: env.REVALIDATE_SECRET,
      },
      (m) => log(m.replace(/^cms:\s*/, "access: ")),
    );
  } finally {
    if (exited === null) child.kill("SIGTERM");
    await exit;
  }
}

async function migrate() {
  const workDir = mkdtempSync(join(tmpdir(), "meridian-cms-"));
  try {
    const t0 = Date.now();
    log("bootstrap (installs or migrates the system tables; creates the first admin once)");
    await directus(["bootstrap"]);
    log(`schema apply ${SNAPSHOT}`);
    // Directus reports "No changes to apply." / "Snapshot applied successfully" at level info.
    await directus(["schema", "apply", "--yes", await targetSnapshot(workDir)], { extraEnv: { LOG_LEVEL: "info" } });
    log("access and flow set-up");
    await setUpAccess();
    if (env.CACHE_ENABLED === "true" && env.CACHE_STORE === "redis") {
      // Other instances may hold cached schema and permissions from before this release.
      log("cache clear");
      await directus(["cache", "clear"]);
    }
    log(`migrated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function plan() {
  const workDir = mkdtempSync(join(tmpdir(), "meridian-cms-"));
  try {
    const output = await directus(["schema", "apply", "--dry-run", await targetSnapshot(workDir)], { extraEnv: { LOG_LEVEL: "info" } });
    log(
      output.includes("The following changes will be applied")
        ? "schema: the changes above would be applied"
        : "schema: no changes to apply",
    );
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

function startForeground() {
  log(`starting Directus on ${env.HOST}:${env.PORT}`);
  const child = spawn(process.execPath, [RUN_JS, "start"], { cwd: DIRECTUS_DIR, env, stdio: "inherit" });
  current = child;
  child.on("exit", (code, signal) => process.exit(code ?? (signal === "SIGTERM" || signal === "SIGINT" ? 0 : 1)));
}

/** Settings that hold secrets: `config` prints their names, never their values. */
const SECRET_SETTING = /SECRET|PASSWORD|TOKEN|KEY|^REDIS$|^DB_CONNECTION_STRING$/;

/** `config`: the settings Directus would run with, secrets masked, as JSON on stdout. */
function printConfig() {
  const names = Object.keys(env)
    .filter((key) =>
      /^(CACHE|RATE_LIMITER|SYNCHRONIZATION|REDIS|WEBSOCKETS|STORAGE|DB|PUBLIC_URL|HOST|PORT|SERVER_SHUTDOWN|CMS_SHUTDOWN|IP_TRUST|CONTENT_SECURITY|FLOWS_ENV)/.test(
        key,
      ),
    )
    .sort();
  console.log(JSON.stringify(Object.fromEntries(names.map((key) => [key, SECRET_SETTING.test(key) ? "(set)" : env[key]])), null, 2));
}

function checkSettings(name) {
  const missing = (REQUIRED[name] ?? []).filter((key) => !env[key]);
  // A store on Redis needs Redis.
  const needRedis = ["CACHE_STORE", "RATE_LIMITER_STORE", "SYNCHRONIZATION_STORE"].filter((key) => env[key] === "redis");
  if (needRedis.length && !redisConfigured) missing.push(`REDIS (for ${needRedis.map((key) => `${key}=redis`).join(", ")})`);
  if (["pg", "postgres", "postgresql"].includes(env.DB_CLIENT)) missing.push(...REQUIRED_PG.filter((key) => !env[key]));
  if (missing.length) {
    console.error(`[entrypoint] missing settings: ${missing.join(", ")} (see cms/README.md, "Production")`);
    process.exit(2);
  }
  // The development defaults of cms/scripts/lib.mjs are public: never accept them here.
  const weak = [
    "SECRET",
    "ADMIN_TOKEN",
    "ADMIN_PASSWORD",
    "DIRECTUS_PREVIEW_TOKEN",
    "DIRECTUS_READ_TOKEN",
    "DIRECTUS_SITE_TOKEN",
    "REVALIDATE_SECRET",
  ].filter((key) => /change-me|^meridian-admin$/.test(env[key] ?? ""));
  if (weak.length) {
    console.error(`[entrypoint] development defaults are not allowed here: ${weak.join(", ")}`);
    process.exit(2);
  }
}

if (!["start", "migrate", "plan", "config"].includes(command)) {
  console.error(`usage: docker-entrypoint.mjs [start|migrate|plan|config] (got "${command}")`);
  process.exit(2);
}
checkSettings(command === "start" && env.CMS_MIGRATE_ON_START !== "false" ? "migrate" : command);
if (command === "config") {
  printConfig();
  process.exit(0);
}
if (redisConfigured && (env.STORAGE_LOCATIONS ?? "local").split(",").includes("local")) {
  log(
    `files are stored on local disk (${env.STORAGE_LOCAL_ROOT ?? "uploads"}): every instance must share that folder, or use S3/R2 (STORAGE_LOCATIONS=r2)`,
  );
}
try {
  if (command === "plan") await plan();
  else {
    if (command === "migrate" || env.CMS_MIGRATE_ON_START !== "false") await migrate();
    if (command === "start" && !stopping) startForeground();
  }
} catch (error) {
  console.error(`[entrypoint] ${error.message}`);
  process.exit(stopping ? 0 : 1);
}
