// Run a local Directus 11 for the Meridian site: environment, first-run preparation
// (bootstrap, schema, permissions, flow, demo content) and a managed server process.
//
//   import { cmsEnv, prepareCms, startCms } from './cms/scripts/lib.mjs';
//   await prepareCms({ dataDir, port, log });
//   const cms = await startCms({ dataDir, port, log });   // -> { url, stop() }
//
// The database is SQLite in the data dir unless PostgreSQL is asked for, by the option
// `db: { client: 'pg', host, port, database, user, password }` or the standard variables
// DB_CLIENT=pg, DB_HOST, DB_PORT, DB_DATABASE, DB_USER, DB_PASSWORD. With CMS_TEST_DB=pg (the
// PostgreSQL pass of the CMS tests) every instance gets its own database, meridian_test_<port>,
// created afresh whenever its data dir is new.
//
// Directus always runs through `node node_modules/@directus/api/dist/cli/run.js` (the `directus`
// bin makes an update check over the network) and gets its whole configuration from the process
// environment; there is no cms/.env file on purpose (it would override the environment).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freeLockOfDeadOwner, progressJudge, recordCmsEvent, takeStartSlot } from "./start-slots.mjs";
import { stopProcess } from "./stop-process.mjs";

export const CMS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const DEFAULT_DATA_DIR = join(CMS_DIR, "data");
export const DEFAULT_PORT = 8055;
export const SNAPSHOT_FILE = join(CMS_DIR, "schema", "snapshot.yaml");
const RUN_JS = join(CMS_DIR, "node_modules", "@directus", "api", "dist", "cli", "run.js");
const STATE_FILE = "cms-state.json";
/** What setup.mjs imports (the image copies these too: cms/Dockerfile). */
export const SETUP_MODULES = [
  "feature-flows.mjs",
  "flows.mjs",
  "redirect-rules.mjs",
  "pattern-rules.mjs",
  "content-types.json",
  "access.json",
  "access-rules.mjs",
  "site-access.mjs",
];

/** Development defaults. Every value can be overridden through the variable of the same name. */
export const DEFAULTS = Object.freeze({
  DIRECTUS_ADMIN_EMAIL: "admin@example.com",
  DIRECTUS_ADMIN_PASSWORD: "meridian-admin",
  DIRECTUS_ADMIN_TOKEN: "dev-admin-token-change-me",
  DIRECTUS_PREVIEW_TOKEN: "dev-preview-token-change-me",
  DIRECTUS_SITE_TOKEN: "dev-site-token-change-me",
  DIRECTUS_READ_TOKEN: "dev-read-token-change-me",
  DIRECTUS_SECRET: "dev-directus-secret-change-me-0123456789abcdef",
  REVALIDATE_SECRET: "dev-revalidate-secret-change-me",
  SITE_URL: "http://localhost:3000",
});

const PG_CLIENTS = new Set(["pg", "postgres", "postgresql"]);

/**
 * The database of an instance: `opts.db`, else the DB_* variables, else SQLite in the data dir.
 * @returns {{client: 'sqlite3', filename: string} |
 *           {client: 'pg', host: string, port: number, database: string, user: string, password: string}}
 */
export function dbConfig(
  opts = {},
  { dataDir = resolve(opts.dataDir ?? DEFAULT_DATA_DIR), port = Number(opts.port ?? DEFAULT_PORT) } = {},
) {
  const env = process.env;
  const given = opts.db ?? (env.DB_CLIENT ? { client: env.DB_CLIENT } : { client: "sqlite3" });
  if (PG_CLIENTS.has(given.client)) {
    // One database per running instance in the PostgreSQL test pass, so test files that run in
    // parallel against one server never share data.
    const testDatabase = !opts.db && env.CMS_TEST_DB === "pg" ? `meridian_test_${port}` : undefined;
    return {
      client: "pg",
      host: given.host ?? env.DB_HOST ?? "127.0.0.1",
      port: Number(given.port ?? env.DB_PORT ?? 5432),
      database: given.database ?? testDatabase ?? env.DB_DATABASE ?? "directus",
      user: given.user ?? env.DB_USER ?? "postgres",
      password: given.password ?? env.DB_PASSWORD ?? "",
    };
  }
  if (given.client !== "sqlite3") throw new Error(`DB_CLIENT=${given.client} is not supported here: use sqlite3 (default) or pg.`);
  return { client: "sqlite3", filename: given.filename ?? join(dataDir, "directus.db") };
}

/** Environment entries of a database (dbConfig() shape). */
function dbEnv(db) {
  if (db.client === "sqlite3") return { DB_CLIENT: "sqlite3", DB_FILENAME: db.filename };
  return {
    DB_CLIENT: "pg",
    DB_HOST: db.host,
    DB_PORT: String(db.port),
    DB_DATABASE: db.database,
    DB_USER: db.user,
    DB_PASSWORD: db.password,
  };
}

/** Identity of a database for cms-state.json: a data dir moved to another database starts over. */
const dbKey = (db) => (db.client === "sqlite3" ? `sqlite3:${db.filename}` : `pg:${db.host}:${db.port}/${db.database}`);

/** Resolved settings (defaults < process.env < explicit options). */
export function cmsConfig(opts = {}) {
  const pick = (name) => opts[name] ?? process.env[name] ?? DEFAULTS[name];
  const dataDir = resolve(opts.dataDir ?? DEFAULT_DATA_DIR);
  const port = Number(opts.port ?? DEFAULT_PORT);
  return {
    dataDir,
    port,
    db: dbConfig(opts, { dataDir, port }),
    url: `http://127.0.0.1:${port}`,
    adminEmail: pick("DIRECTUS_ADMIN_EMAIL"),
    adminPassword: pick("DIRECTUS_ADMIN_PASSWORD"),
    adminToken: pick("DIRECTUS_ADMIN_TOKEN"),
    previewToken: pick("DIRECTUS_PREVIEW_TOKEN"),
    siteToken: pick("DIRECTUS_SITE_TOKEN"),
    readToken: pick("DIRECTUS_READ_TOKEN"),
    secret: pick("DIRECTUS_SECRET"),
    revalidateSecret: opts.revalidateSecret ?? pick("REVALIDATE_SECRET"),
    siteUrl: (opts.siteUrl ?? pick("SITE_URL")).replace(/\/+$/, ""),
  };
}

/**
 * Environment for a Directus process. `env` entries win over the settings below (the cluster,
 * cms/scripts/cluster.mjs, puts cache, rate limiter and synchronisation on Redis with them).
 * @param {{dataDir?: string, port?: number, siteUrl?: string, revalidateSecret?: string,
 *          db?: {client: 'pg' | 'sqlite3', host?: string, port?: number, database?: string, user?: string, password?: string},
 *          env?: Record<string, string>}} [opts]
 * @returns {Record<string, string>}
 */
export function cmsEnv(opts = {}) {
  const c = cmsConfig(opts);
  return {
    HOST: "127.0.0.1",
    PORT: String(c.port),
    PUBLIC_URL: c.url,
    ...dbEnv(c.db),
    SECRET: c.secret,
    ADMIN_EMAIL: c.adminEmail,
    ADMIN_PASSWORD: c.adminPassword,
    ADMIN_TOKEN: c.adminToken,
    STORAGE_LOCATIONS: "local",
    STORAGE_LOCAL_ROOT: join(c.dataDir, "uploads"),
    // The extensions of this repository (the API reference hook), not per data dir.
    EXTENSIONS_PATH: join(CMS_DIR, "extensions"),
    CACHE_ENABLED: "false",
    CACHE_SCHEMA: "true",
    WEBSOCKETS_ENABLED: "false",
    // Node's default 5 s keep-alive lets a busy client (its idle timer late) reuse a connection the
    // server has just closed: ECONNRESET. Long-lived connections make that race all but vanish.
    SERVER_KEEP_ALIVE_TIMEOUT: "65000",
    SERVER_HEADERS_TIMEOUT: "66000",
    LOG_STYLE: "raw",
    LOG_LEVEL: process.env.CMS_LOG_LEVEL ?? "info",
    // No outbound calls: telemetry off, no marketplace / extension registry, no e-mail.
    TELEMETRY: "false",
    MARKETPLACE_TRUST: "sandbox",
    MARKETPLACE_REGISTRY: "http://127.0.0.1:9/",
    EMAIL_TRANSPORT: "sendmail",
    EMAIL_SENDMAIL_PATH: "/bin/true",
    // The revalidation flow reads these through {{$env.*}} at run time.
    FLOWS_ENV_ALLOW_LIST: "SITE_URL,REVALIDATE_SECRET,FORM_WEBHOOK_HOSTS",
    SITE_URL: c.siteUrl,
    REVALIDATE_SECRET: c.revalidateSecret,
    // The hosts form webhooks may post to (the webhook check on save); the worker's var of the same name.
    FORM_WEBHOOK_HOSTS: process.env.FORM_WEBHOOK_HOSTS ?? "",
    // The flow posts to a local site (localhost); Directus' default deny list contains 0.0.0.0,
    // which blocks every local interface address for outgoing flow requests.
    IMPORT_IP_DENY_LIST: "169.254.169.254",
    // Live Preview and the Visual Editor show the site in an iframe of the admin app.
    CONTENT_SECURITY_POLICY_DIRECTIVES__FRAME_SRC: `'self',${new URL(c.siteUrl).origin}`,
    // Public GraphQL introspection is needed for the SDL export; the site only POSTs queries.
    GRAPHQL_INTROSPECTION: "true",
    QUERY_LIMIT_DEFAULT: "100",
    // `limit: -1` reads at most this many rows here (production keeps Directus' default, no cap);
    // the scale set's data dir raises it, or whole-table queries would stop at 500.
    QUERY_LIMIT_MAX: String(opts.queryLimitMax ?? 500),
    CORS_ENABLED: "true",
    CORS_ORIGIN: "true",
    RATE_LIMITER_ENABLED: "false",
    // The tests run several Directus instances side by side on two cores; starting one blocks the
    // others' event loops past the limiter's 500 ms, and it answers 503 "Under pressure". A local
    // instance has nothing to shed load for (production keeps Directus' default: docker-entrypoint).
    PRESSURE_LIMITER_ENABLED: "false",
    ACCESS_TOKEN_TTL: "1h",
    ...opts.env,
  };
}

// ---------------------------------------------------------------------------------------------

const noop = () => {};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

function assertInstalled() {
  if (!existsSync(RUN_JS)) {
    throw new Error(`Directus is not installed in ${CMS_DIR}/node_modules. Run: node cms/scripts/install.mjs`);
  }
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 22) throw new Error(`Directus needs Node >= 22 (this is ${process.version}). Put node_modules/.bin first on PATH.`);
}

function processEnv(env) {
  // Our settings win over anything inherited from the parent environment.
  return { ...process.env, ...env, NODE_ENV: process.env.NODE_ENV ?? "production" };
}

/**
 * Run a Directus CLI command (e.g. ['schema', 'snapshot', '--yes', file]) to completion with the
 * environment of `opts`; output goes to <dataDir>/directus.log.
 */
export async function directusCli(args, opts = {}) {
  assertInstalled();
  const c = cmsConfig(opts);
  mkdirSync(c.dataDir, { recursive: true });
  return runCli(args, { env: cmsEnv(opts), dataDir: c.dataDir, log: opts.log });
}

async function runCli(args, { env, dataDir, log = noop }) {
  const logFile = join(dataDir, "directus.log");
  const out = createWriteStream(logFile, { flags: "a" });
  const child = spawn(process.execPath, [RUN_JS, ...args], {
    cwd: CMS_DIR,
    env: processEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  recordCmsEvent({ type: "spawn", kind: "cli", pid: child.pid, args: args[0] });
  let tail = "";
  const onData = (d) => {
    out.write(d);
    tail = (tail + d.toString()).slice(-4000);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const code = await new Promise((res, rej) => {
    child.on("error", rej);
    child.on("exit", (c, s) => {
      recordCmsEvent({ type: "exit", kind: "cli", pid: child.pid });
      res(c ?? s);
    });
  });
  out.end();
  if (code !== 0) {
    log(tail);
    throw new Error(`directus ${args.join(" ")} failed (${code}); see ${logFile}`);
  }
}

async function ping(url, timeoutMs = 1000) {
  try {
    const res = await fetch(`${url}/server/ping`, { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok && (await res.text()).includes("pong");
  } catch {
    return false;
  }
}

const liveGroups = new Set();
process.on("exit", () => {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
});

/**
 * Start Directus in its own process group and wait for GET /server/ping. The start takes one of
 * the machine's start-up slots (start-slots.mjs) and is judged by progress: it fails when the
 * process exits, or uses no CPU for minutes without answering (a hang), never because the machine
 * is slow or busy.
 * @param {{dataDir?: string, port?: number, log?: (msg: string) => void, siteUrl?: string,
 *          revalidateSecret?: string, stdio?: 'file' | 'inherit', db?: object}} [opts]
 * @returns {Promise<{url: string, pid: number, stop: () => Promise<void>}>}
 */
export async function startCms(opts = {}) {
  assertInstalled();
  const { log = noop, stdio = "file" } = opts;
  const c = cmsConfig(opts);
  const env = cmsEnv(opts);
  if (c.db.client === "sqlite3" && !existsSync(env.DB_FILENAME))
    throw new Error(`No database at ${env.DB_FILENAME}; run prepareCms() first.`);
  if (await ping(c.url)) throw new Error(`Port ${c.port} is already serving Directus (${c.url}); stop it first.`);
  mkdirSync(c.dataDir, { recursive: true });
  const waitStarted = Date.now();
  const releaseSlot = await takeStartSlot();
  const t0 = Date.now();
  log(`cms: starting Directus on ${c.url} ...`);
  const logFile = join(c.dataDir, "directus.log");
  const out = stdio === "inherit" ? null : createWriteStream(logFile, { flags: "a" });
  let child;
  try {
    child = spawn(process.execPath, [RUN_JS, "start"], {
      cwd: CMS_DIR,
      env: processEnv(env),
      stdio: stdio === "inherit" ? ["ignore", "inherit", "inherit"] : ["ignore", "pipe", "pipe"],
      detached: true, // own process group: stop() signals the whole group
    });
  } catch (error) {
    releaseSlot();
    throw error;
  }
  liveGroups.add(child.pid);
  recordCmsEvent({ type: "spawn", kind: "server", pid: child.pid, port: c.port });
  let tail = "";
  if (out) {
    const onData = (d) => {
      out.write(d);
      tail = (tail + d.toString()).slice(-4000);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
  }
  let exited = null;
  const exitPromise = new Promise((res) => {
    child.on("exit", (code, signal) => {
      exited = { code, signal };
      liveGroups.delete(child.pid);
      recordCmsEvent({ type: "exit", kind: "server", pid: child.pid, port: c.port });
      releaseSlot();
      out?.end();
      res(exited);
    });
  });

  let stopping = null;
  const stop = () => {
    stopping ??= (async () => {
      if (exited) return;
      // SIGKILL only once Directus has overrun its own limits: the drain before it stops
      // listening (extensions/graceful-shutdown) and the time it gives requests in flight.
      const ownLimitMs = Number(env.CMS_SHUTDOWN_DRAIN_MS ?? 0) + Number(env.SERVER_SHUTDOWN_TIMEOUT ?? 1000);
      await stopProcess(child, exitPromise, { killAfterMs: Math.max(8000, ownLimitMs + 5000) });
      // Reap anything left in the group (Directus does not fork, but be thorough).
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* gone */
      }
    })();
    return stopping;
  };

  const judge = progressJudge(child.pid);
  try {
    while (!(await ping(c.url, 2000))) {
      if (exited) {
        throw new Error(`Directus exited during start (${exited.code ?? exited.signal}); see ${logFile}\n${tail.slice(-1500)}`);
      }
      if (judge.stalled() || judge.overCeiling()) {
        await stop();
        const why = judge.overCeiling()
          ? `did not answer /server/ping within ${judge.ceilingMs / 60_000} min`
          : `used no CPU for ${judge.stallMs / 1000} s without answering /server/ping (hung)`;
        throw new Error(`Directus on port ${c.port} ${why}; see ${logFile}\n${tail.slice(-1500)}`);
      }
      await sleep(200);
    }
  } finally {
    releaseSlot();
  }
  const ms = Date.now() - t0;
  recordCmsEvent({ type: "ready", pid: child.pid, port: c.port, ms, waitedMs: t0 - waitStarted });
  log(`cms: Directus ready at ${c.url} (${seconds(t0)})`);
  // `exited`: resolves with { code, signal } once the process is gone (whoever stopped it).
  return { url: c.url, pid: child.pid, stop, exited: exitPromise };
}

// ---------------------------------------------------------------------------------------------

function fileHash(...files) {
  const h = createHash("sha256");
  for (const f of files) h.update(readFileSync(f));
  return h.digest("hex").slice(0, 16);
}

export function readState(dataDir) {
  try {
    return JSON.parse(readFileSync(join(dataDir, STATE_FILE), "utf8"));
  } catch {
    return {};
  }
}

export function writeState(dataDir, state) {
  writeFileSync(join(dataDir, STATE_FILE), JSON.stringify(state, null, 2) + "\n");
}

/** The `pg` driver Directus ships with. */
const pgDriver = () => createRequire(join(CMS_DIR, "package.json"))("pg");

/** Connect to the server's maintenance database with the instance's credentials. */
async function pgMaintenanceClient(db) {
  const { Client } = pgDriver();
  const client = new Client({ host: db.host, port: db.port, user: db.user, password: db.password, database: "postgres" });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL at ${db.host}:${db.port} refused the connection (${error.message}).` +
        (process.env.CMS_TEST_DB === "pg" ? " Start one with: node cms/scripts/postgres.mjs -- <test command>" : ""),
    );
  }
  return client;
}

async function pgDatabaseExists(db) {
  const client = await pgMaintenanceClient(db);
  try {
    return (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [db.database])).rowCount > 0;
  } finally {
    await client.end();
  }
}

/**
 * Make sure a PostgreSQL database exists (created through the server's maintenance database
 * with the same user); `fresh` drops an existing one first (test instances only).
 */
async function ensurePgDatabase(db, { fresh = false, log = noop } = {}) {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(db.database)) throw new Error(`unsuitable database name: ${db.database}`);
  const client = await pgMaintenanceClient(db);
  try {
    if (fresh) {
      await client.query(`DROP DATABASE IF EXISTS "${db.database}" WITH (FORCE)`);
      log(`cms: dropped database ${db.database}`);
    }
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [db.database]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${db.database}"`);
      log(`cms: created database ${db.database} on ${db.host}:${db.port}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Make the data dir ready: bootstrap the database, apply the schema snapshot, set up roles,
 * policies, permissions and the revalidation flow, and seed the demo content. Each step is
 * recorded in <dataDir>/cms-state.json and skipped when already done with the same inputs, so
 * a second run is fast. Directus must not be running on the same data dir/port.
 * @param {{dataDir?: string, port?: number, log?: (msg: string) => void, siteUrl?: string,
 *          revalidateSecret?: string, seed?: boolean, db?: object}} [opts] `db` as in cmsEnv()
 * @returns {Promise<{dataDir: string, steps: string[]}>}
 */
export async function prepareCms(opts = {}) {
  assertInstalled();
  const { log = noop, seed = true, keepRunning = false } = opts;
  const c = cmsConfig(opts);
  const env = cmsEnv(opts);
  /** The server started for the steps below, if any. */
  let server = null;
  mkdirSync(join(c.dataDir, "uploads"), { recursive: true });
  mkdirSync(join(c.dataDir, "extensions"), { recursive: true });
  let state = readState(c.dataDir);
  // State written before databases were recorded belongs to the SQLite file in the data dir.
  const previousDb = state.db ?? (state.bootstrapped ? dbKey({ client: "sqlite3", filename: join(c.dataDir, "directus.db") }) : undefined);
  if (previousDb !== undefined && previousDb !== dbKey(c.db)) state = {};
  const steps = [];
  const tAll = Date.now();

  const setupModule = join(CMS_DIR, "scripts", "setup.mjs");
  const seedModule = join(CMS_DIR, "scripts", "seed.mjs");
  const schemaHash = fileHash(SNAPSHOT_FILE);
  const setupHash = createHash("sha256")
    .update(readFileSync(setupModule))
    .update(SETUP_MODULES.map((name) => readFileSync(join(CMS_DIR, "scripts", name), "utf8")).join("\n"))
    .update(JSON.stringify([c.previewToken, c.siteToken, c.readToken, c.adminToken, c.siteUrl]))
    .digest("hex")
    .slice(0, 16);

  // A database that is gone (a new PostgreSQL server, a dropped database) starts over like a deleted SQLite file.
  const missing = c.db.client === "sqlite3" ? !existsSync(env.DB_FILENAME) : !(await pgDatabaseExists(c.db));
  if (missing || !state.bootstrapped) {
    const t0 = Date.now();
    if (c.db.client === "pg") {
      // A new data dir in the test pass means a new instance: its database starts empty too.
      await ensurePgDatabase(c.db, { fresh: process.env.CMS_TEST_DB === "pg" && !opts.db, log });
    }
    log(`cms: bootstrapping a new Directus database (${c.db.client}) ...`);
    await runCli(["bootstrap"], { env, dataDir: c.dataDir, log });
    Object.assign(state, { db: dbKey(c.db), bootstrapped: true, schemaHash: null, setupHash: null, seeded: false });
    writeState(c.dataDir, state);
    steps.push("bootstrap");
    log(`cms: bootstrap done (${seconds(t0)})`);
  }
  if (state.schemaHash !== schemaHash) {
    const t0 = Date.now();
    log("cms: applying schema snapshot ...");
    await runCli(["schema", "apply", "--yes", SNAPSHOT_FILE], { env, dataDir: c.dataDir, log });
    state.schemaHash = schemaHash;
    state.setupHash = null; // new collections may need permissions
    writeState(c.dataDir, state);
    steps.push("schema");
    log(`cms: schema applied (${seconds(t0)})`);
  }
  const needSetup = state.setupHash !== setupHash;
  const needSeed = seed && !state.seeded;
  // Content seeded before pages were built from blocks: add the pages and menus once, so `/` and
  // the menus exist without a reset (the rest of the content is left as the editor has it).
  const needPagesSeed = seed && state.seeded && !state.pagesSeeded;
  // Pages seeded before forms existed: add the forms once and put the contact form on its page.
  const needFormsSeed = seed && state.seeded && state.pagesSeeded && !state.formsSeeded;
  // Likewise the API reference, added after the first content.
  const needApiSeed = seed && state.seeded && !state.apiReferenceSeeded;
  // And the changelog.
  const needChangelogSeed = seed && state.seeded && !state.changelogSeeded;
  // And the glossary Ask the docs reads.
  const needGlossarySeed = seed && state.seeded && !state.glossarySeeded;
  if (needSetup || needSeed || needPagesSeed || needFormsSeed || needApiSeed || needChangelogSeed || needGlossarySeed) {
    server = await startCms({ ...opts, log });
    let failed = true;
    try {
      const api = createApi(c.url, c.adminToken);
      if (needSetup) {
        const t0 = Date.now();
        log("cms: setting up roles, policies, permissions and the revalidation flow ...");
        const { setupAccess } = await import(setupModule);
        await setupAccess(api, c, log);
        state.setupHash = setupHash;
        writeState(c.dataDir, state);
        steps.push("setup");
        log(`cms: access set up (${seconds(t0)})`);
      }
      if (needSeed) {
        const t0 = Date.now();
        log("cms: seeding demo content (generating images) ...");
        const { seedContent } = await import(seedModule);
        await seedContent(api, log);
        state.seeded = true;
        state.pagesSeeded = true;
        state.formsSeeded = true;
        state.apiReferenceSeeded = true;
        state.changelogSeeded = true;
        state.glossarySeeded = true;
        state.seededAt = new Date().toISOString();
        writeState(c.dataDir, state);
        steps.push("seed");
        log(`cms: demo content seeded (${seconds(t0)})`);
      } else if (needPagesSeed) {
        const t0 = Date.now();
        log("cms: adding the pages and menus built from blocks ...");
        const { seedPages } = await import(seedModule);
        await seedPages(api, log);
        state.pagesSeeded = true;
        state.formsSeeded = true;
        writeState(c.dataDir, state);
        steps.push("seed pages");
        log(`cms: pages and menus seeded (${seconds(t0)})`);
      } else if (needFormsSeed) {
        const t0 = Date.now();
        log("cms: adding the forms and the contact form on its page ...");
        const { seedFormsOnPages } = await import(seedModule);
        await seedFormsOnPages(api, log);
        state.formsSeeded = true;
        writeState(c.dataDir, state);
        steps.push("seed forms");
        log(`cms: forms seeded (${seconds(t0)})`);
      }
      if (needApiSeed && !needSeed) {
        const { seedApiReference } = await import(seedModule);
        await seedApiReference(api, log);
        state.apiReferenceSeeded = true;
        writeState(c.dataDir, state);
        steps.push("seed API reference");
      }
      if (needChangelogSeed && !needSeed) {
        const { seedChangelog } = await import(seedModule);
        await seedChangelog(api, log);
        state.changelogSeeded = true;
        writeState(c.dataDir, state);
        steps.push("seed changelog");
      }
      if (needGlossarySeed && !needSeed) {
        const { seedGlossary } = await import(seedModule);
        await seedGlossary(api, log);
        state.glossarySeeded = true;
        writeState(c.dataDir, state);
        steps.push("seed glossary");
      }
      failed = false;
    } finally {
      if (failed || !keepRunning) {
        await server.stop();
        server = null;
      }
    }
  }
  log(steps.length ? `cms: prepared ${c.dataDir} [${steps.join(", ")}] in ${seconds(tAll)}` : `cms: ${c.dataDir} already prepared`);
  return { dataDir: c.dataDir, steps, server };
}

/**
 * prepareCms, then the running server: the one prepareCms started for its steps when it had any
 * (a fresh test instance's access set-up), so an instance starts once, not twice.
 */
export async function prepareAndStartCms(opts = {}) {
  const { server } = await prepareCms({ ...opts, keepRunning: true });
  return server ?? startCms(opts);
}

// ---------------------------------------------------------------------------------------------
// Fresh instances for tests, from one seeded copy. Bootstrapping, applying the schema and seeding
// cost about a minute of CPU; every test stack and CMS test file needs the same result. The first
// caller prepares a template (a data dir named by a hash of everything the result depends on,
// and on PostgreSQL a template database), the others wait for it, and each instance starts from
// a copy (`CREATE DATABASE … TEMPLATE` on PostgreSQL): only the access set-up (tokens and site
// URL differ) runs again.

/** Scripts that run a CMS but take no part in what a seeded data dir holds (their edits keep the template). */
const NOT_IN_TEMPLATE = new Set(["scripts/cluster.mjs", "scripts/start-slots.mjs"]);

/** Everything a seeded data dir depends on: the schema snapshot, the set-up, seed and extension code, the seed data. */
function templateKey() {
  const hash = createHash("sha256").update(readFileSync(SNAPSHOT_FILE));
  const extensions = readdirSync(join(CMS_DIR, "extensions"), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const dirs = ["scripts", "seed", ...extensions.map((entry) => join("extensions", entry.name))];
  for (const dir of dirs) {
    for (const name of readdirSync(join(CMS_DIR, dir)).sort()) {
      if (/\.(mjs|js|json)$/.test(name) && !NOT_IN_TEMPLATE.has(`${dir}/${name}`))
        hash.update(`${dir}/${name}`).update(readFileSync(join(CMS_DIR, dir, name)));
    }
  }
  return hash.digest("hex").slice(0, 12);
}

/**
 * The seeded template: prepared by the first caller (a lock directory), awaited by the others.
 * @returns {Promise<{dir: string, db: ReturnType<typeof dbConfig>}>}
 */
async function seededTemplate({ port, log, pg }) {
  const key = templateKey();
  const dir = join(CMS_DIR, `data-template-${key}${pg ? "-pg" : ""}`);
  const db = pg ? { ...pg, database: `meridian_template_${key}` } : { client: "sqlite3", filename: join(dir, "directus.db") };
  const ready = join(dir, ".ready");
  const lock = `${dir}.lock`;
  // No deadline for a live owner: it is a start-up judged by progress (startCms); a dead one's lock is taken over.
  // A template database on another (throwaway) server is no template here.
  const usable = async () => existsSync(ready) && (!pg || (await pgDatabaseExists(db)));
  while (!(await usable())) {
    try {
      mkdirSync(lock);
    } catch {
      // Another process prepares it; a lock whose owner died is taken over.
      freeLockOfDeadOwner(lock);
      await sleep(500);
      continue;
    }
    try {
      writeFileSync(join(lock, "pid"), String(process.pid));
      rmSync(dir, { recursive: true, force: true });
      if (pg) await ensurePgDatabase(db, { fresh: true, log });
      await prepareCms({ dataDir: dir, port, log, db });
      writeFileSync(ready, new Date().toISOString());
      // Templates of earlier inputs are of no further use.
      for (const name of readdirSync(CMS_DIR)) {
        if (name.startsWith("data-template-") && !name.startsWith(`data-template-${key}`))
          rmSync(join(CMS_DIR, name), { recursive: true, force: true });
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return { dir, db };
}

/** A new database `db.database` copied from `template` (the template has no connections left). */
async function copyPgDatabase(template, db) {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(db.database)) throw new Error(`unsuitable database name: ${db.database}`);
  const client = await pgMaintenanceClient(db);
  try {
    await client.query(`DROP DATABASE IF EXISTS "${db.database}" WITH (FORCE)`);
    // Two copies of one template at the same moment: PostgreSQL refuses the second while the
    // first reads the template; it is tried again.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${db.database}" TEMPLATE "${template.database}"`);
        return;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(error.message)) throw error;
        await sleep(500);
      }
    }
  } finally {
    await client.end();
  }
}

/**
 * A fresh instance's data dir (and database), prepared and seeded: what prepareCms does to an
 * empty one, copied from the seeded template. `templatePort` is where the template's Directus
 * runs while it is prepared. Test instances only (a PostgreSQL database is dropped first).
 */
export async function prepareFreshCms({ templatePort = 8049 + Number(process.env.TEST_PORT_OFFSET ?? 0), ...opts }) {
  const c = cmsConfig(opts);
  rmSync(c.dataDir, { recursive: true, force: true });
  if (opts.seed !== false) {
    const pg = c.db.client === "pg" ? c.db : null;
    const template = await seededTemplate({ port: templatePort + (pg ? 1 : 0), log: opts.log ?? noop, pg });
    if (pg) await copyPgDatabase(template.db, c.db);
    cpSync(template.dir, c.dataDir, { recursive: true, filter: (source) => !/(\.ready|directus\.log)$/.test(source) });
    writeState(c.dataDir, { ...readState(c.dataDir), db: dbKey(c.db) });
  }
  return prepareCms(opts);
}

/** A fresh seeded instance (prepareFreshCms), running: started once, its set-up done on the way. */
export async function startFreshCms(opts) {
  const { server } = await prepareFreshCms({ ...opts, keepRunning: true });
  return server ?? startCms(opts);
}

/**
 * Minimal REST client bound to a token.
 * api(method, path, body?) -> parsed `data`; throws with Directus' error messages on failure.
 */
export function createApi(url, token) {
  const api = async (method, path, body, { raw = false } = {}) => {
    const headers = { Authorization: `Bearer ${token}` };
    let payload;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const res = await fetch(url + path, { method, headers, body: payload });
    const text = await res.text();
    const json = text ? JSON.parse(text) : null;
    if (!res.ok) {
      const msg = json?.errors?.map((e) => e.message).join("; ") ?? text;
      const err = new Error(`${method} ${path} -> ${res.status}: ${msg}`);
      err.status = res.status;
      throw err;
    }
    return raw ? json : json?.data;
  };
  api.url = url;
  return api;
}
