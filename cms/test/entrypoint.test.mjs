// The production entrypoint (cms/docker-entrypoint.mjs) exercised without Docker: it runs with
// DIRECTUS_DIR pointing at cms/ against an EMPTY PostgreSQL database, as the image would.
// Checks: Directus answers, the snapshot's collections exist, the static tokens work, the
// schema has nothing left to apply (dry run), and a second start is idempotent.
//   PATH=node_modules/.bin:$PATH node --test cms/test/entrypoint.test.mjs
// It uses the PostgreSQL of the test pass (CMS_TEST_DB=pg with DB_*), or starts its own on
// CMS_TEST_PG_PORT + 1 (default 5434); without PostgreSQL installed it is skipped.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { clusterEnv } from "../scripts/cluster.mjs";
import { CMS_DIR, SNAPSHOT_FILE } from "../scripts/lib.mjs";
import { DEFAULT_PG_PORT, postgresBinDir, startPostgres } from "../scripts/postgres.mjs";

const PORT = 8077 + Number(process.env.TEST_PORT_OFFSET ?? 0);
const URL_ = `http://127.0.0.1:${PORT}`;
const ENTRYPOINT = join(CMS_DIR, "docker-entrypoint.mjs");
const DATABASE = "meridian_entrypoint";
const TOKENS = {
  ADMIN_TOKEN: "entrypoint-admin-token-0123456789",
  DIRECTUS_PREVIEW_TOKEN: "entrypoint-preview-token-0123456789",
  DIRECTUS_READ_TOKEN: "entrypoint-read-token-0123456789",
  DIRECTUS_SITE_TOKEN: "entrypoint-site-token-0123456789",
};
const sharedServer = process.env.CMS_TEST_DB === "pg" && process.env.DB_HOST;
const skip = !sharedServer && !postgresBinDir() ? "PostgreSQL is not installed (apt-get install postgresql)" : false;

let pg; // our own server, when the pass did not provide one
let admin; // connection settings with the right to create databases
let work;

function entrypointEnv() {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? "/tmp",
    DIRECTUS_DIR: CMS_DIR,
    HOST: "127.0.0.1",
    PORT: String(PORT),
    PUBLIC_URL: URL_,
    SECRET: "entrypoint-test-secret-0123456789abcdef0123456789",
    DB_CLIENT: "pg",
    DB_HOST: admin.host,
    DB_PORT: String(admin.port),
    DB_DATABASE: DATABASE,
    DB_USER: admin.user,
    DB_PASSWORD: admin.password,
    ADMIN_EMAIL: "ops@example.com",
    ADMIN_PASSWORD: "entrypoint-admin-password",
    ...TOKENS,
    SITE_URL: "http://127.0.0.1:9",
    REVALIDATE_SECRET: "entrypoint-revalidate-secret",
    // Production would use S3/R2 and Redis (see cms/README.md); neither exists here.
    STORAGE_LOCATIONS: "local",
    STORAGE_LOCAL_ROOT: join(work, "uploads"),
    EXTENSIONS_PATH: join(work, "extensions"),
    CACHE_ENABLED: "false",
    // No outbound calls from the test machine.
    MARKETPLACE_TRUST: "sandbox",
    MARKETPLACE_REGISTRY: "http://127.0.0.1:9/",
    EMAIL_TRANSPORT: "sendmail",
    EMAIL_SENDMAIL_PATH: "/bin/true",
    LOG_LEVEL: "warn",
  };
}

/** Run the entrypoint; `untilReady` resolves once /server/ping answers (the process keeps running). */
function runEntrypoint(args = [], env = entrypointEnv()) {
  const child = spawn(process.execPath, [ENTRYPOINT, ...args], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const run = { child, output: "" };
  child.stdout.on("data", (d) => (run.output += d));
  child.stderr.on("data", (d) => (run.output += d));
  run.exit = new Promise((res) => child.on("exit", (code, signal) => res({ code, signal })));
  // A ceiling for a hang only: a busy machine may take many minutes to bootstrap and set up.
  run.untilReady = async (timeoutMs = 30 * 60_000) => {
    const t0 = Date.now();
    let exited = null;
    run.exit.then((e) => (exited = e));
    for (;;) {
      if (exited) throw new Error(`entrypoint exited (${JSON.stringify(exited)}):\n${run.output.slice(-3000)}`);
      // Only the final start binds to PORT after the set-up instance has gone: wait for the log line too.
      if (run.output.includes("starting Directus on") && (await ping())) return Date.now() - t0;
      if (Date.now() - t0 > timeoutMs) throw new Error(`not ready within ${timeoutMs} ms:\n${run.output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  run.stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }, 15_000);
    const result = await run.exit;
    clearTimeout(timer);
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      /* gone */
    }
    return result;
  };
  return run;
}

async function ping() {
  try {
    const res = await fetch(`${URL_}/server/ping`, { signal: AbortSignal.timeout(1000) });
    return res.ok && (await res.text()) === "pong";
  } catch {
    return false;
  }
}

async function api(path, token, init = {}) {
  const res = await fetch(URL_ + path, { ...init, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...init.headers } });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

async function pgQuery(database, sql) {
  const { Client } = createRequire(join(CMS_DIR, "package.json"))("pg");
  const client = new Client({ host: admin.host, port: admin.port, user: admin.user, password: admin.password, database });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** What the static tokens and the snapshot promise, checked on the running instance. */
async function checkInstance() {
  assert.equal(await ping(), true);
  const yaml = createRequire(join(CMS_DIR, "package.json"))("js-yaml");
  const snapshot = yaml.load(readFileSync(SNAPSHOT_FILE, "utf8"));
  const collections = await api("/collections?limit=-1", TOKENS.ADMIN_TOKEN);
  assert.equal(collections.status, 200);
  const have = new Set(collections.json.data.map((c) => c.collection));
  for (const { collection } of snapshot.collections) assert.ok(have.has(collection), `collection ${collection} missing`);
  const fields = await api("/fields?limit=-1", TOKENS.ADMIN_TOKEN);
  const fieldNames = new Set(fields.json.data.map((f) => `${f.collection}.${f.field}`));
  for (const { collection, field } of snapshot.fields)
    assert.ok(fieldNames.has(`${collection}.${field}`), `field ${collection}.${field} missing`);

  // Each static token authenticates as its own user (the token users may read only their id).
  const people = await api("/users?fields=id,email,role.name&limit=-1", TOKENS.ADMIN_TOKEN);
  const whoIs = async (token) => {
    const me = await api("/users/me?fields=id", token);
    assert.equal(me.status, 200, JSON.stringify(me.json));
    const user = people.json.data.find((u) => u.id === me.json.data.id);
    return { email: user?.email, role: user?.role?.name };
  };
  assert.deepEqual(await whoIs(TOKENS.DIRECTUS_PREVIEW_TOKEN), { email: "preview@example.com", role: "Preview" });
  assert.deepEqual(await whoIs(TOKENS.DIRECTUS_READ_TOKEN), { email: "site-reader@example.com", role: "Site reader" });
  assert.deepEqual(await whoIs(TOKENS.DIRECTUS_SITE_TOKEN), { email: "site@example.com", role: "Site" });
  const gql = await api("/graphql", TOKENS.DIRECTUS_PREVIEW_TOKEN, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ query: '{ posts(filter: { status: { _eq: "draft" } }) { id } }' }),
  });
  assert.equal(gql.status, 200);
  assert.equal(gql.json.errors, undefined, JSON.stringify(gql.json.errors));
  assert.equal((await api("/items/posts", "not-a-token")).status, 401);
  assert.equal((await api("/items/newsletter_subscriptions")).status, 403);

  const flows = await api("/flows?fields=name,status&limit=-1", TOKENS.ADMIN_TOKEN);
  const roles = await api("/roles?fields=name&limit=-1", TOKENS.ADMIN_TOKEN);
  const policies = await api("/policies?fields=name&limit=-1", TOKENS.ADMIN_TOKEN);
  const users = await api("/users?fields=email&limit=-1", TOKENS.ADMIN_TOKEN);
  return {
    flows: flows.json.data.map((f) => `${f.name}:${f.status}`).sort(),
    roles: roles.json.data.map((r) => r.name).sort(),
    policies: policies.json.data.map((p) => p.name).sort(),
    users: users.json.data.map((u) => u.email).sort(),
  };
}

describe("docker-entrypoint.mjs on an empty PostgreSQL", { skip }, () => {
  let first;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), "meridian-entrypoint-"));
    mkdirSync(join(work, "uploads"));
    mkdirSync(join(work, "extensions"));
    if (sharedServer) {
      admin = {
        host: process.env.DB_HOST,
        port: Number(process.env.DB_PORT ?? 5432),
        user: process.env.DB_USER ?? "postgres",
        password: process.env.DB_PASSWORD ?? "",
      };
    } else {
      pg = await startPostgres({ port: Number(process.env.CMS_TEST_PG_PORT ?? DEFAULT_PG_PORT) + 1 });
      admin = pg.db("postgres");
    }
    await pgQuery("postgres", `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await pgQuery("postgres", `CREATE DATABASE ${DATABASE}`);
  });

  after(async () => {
    if (admin) await pgQuery("postgres", `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`).catch(() => {});
    await pg?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test("refuses to start without its settings, and with development defaults", async () => {
    const missing = runEntrypoint(["migrate"], { PATH: process.env.PATH, DIRECTUS_DIR: CMS_DIR });
    assert.equal((await missing.exit).code, 2);
    assert.match(missing.output, /missing settings: SECRET, PUBLIC_URL, DB_CLIENT/);
    const weak = runEntrypoint(["migrate"], { ...entrypointEnv(), DIRECTUS_PREVIEW_TOKEN: "dev-preview-token-change-me" });
    assert.equal((await weak.exit).code, 2);
    assert.match(weak.output, /development defaults are not allowed here: DIRECTUS_PREVIEW_TOKEN/);
    assert.ok(!weak.output.includes("dev-preview-token-change-me"), "the rejected value is not echoed");
  });

  test("more than one instance: with REDIS set, the cluster tests' settings are the defaults; a store on Redis without Redis is refused", async () => {
    const { CACHE_ENABLED, ...withoutCache } = entrypointEnv();
    const storageRoot = join(work, "uploads");
    const run = runEntrypoint(["config"], { ...withoutCache, REDIS: "redis://:a-password@127.0.0.1:9/0" });
    assert.equal((await run.exit).code, 0, run.output);
    const config = JSON.parse(run.output);
    const expected = clusterEnv({ publicUrl: URL_, redisUrl: "redis://…", storageRoot });
    for (const key of [
      "CACHE_ENABLED",
      "CACHE_STORE",
      "CACHE_AUTO_PURGE",
      "RATE_LIMITER_STORE",
      "SYNCHRONIZATION_STORE",
      "WEBSOCKETS_ENABLED",
      "CMS_SHUTDOWN_DRAIN_MS",
      "SERVER_SHUTDOWN_TIMEOUT",
    ]) {
      assert.equal(config[key], expected[key], key);
    }
    assert.equal(config.REDIS, "(set)", "no secret in the output");
    assert.ok(!run.output.includes("a-password"));

    const noRedis = runEntrypoint(["config"], { ...entrypointEnv(), SYNCHRONIZATION_STORE: "redis" });
    assert.equal((await noRedis.exit).code, 2);
    assert.match(noRedis.output, /missing settings: REDIS \(for SYNCHRONIZATION_STORE=redis\)/);
  });

  test("first start: bootstrap, schema, access set-up, then serves", { timeout: 40 * 60_000 }, async (t) => {
    const run = runEntrypoint();
    try {
      const ms = await run.untilReady();
      t.diagnostic(`first start ready in ${(ms / 1000).toFixed(1)} s`);
      assert.match(run.output, /Snapshot applied successfully/);
      first = await checkInstance();
      assert.deepEqual(first.flows, [
        "Confirm a form submission to its sender:active",
        "Form field check on save:active",
        "Form webhook check on save:active",
        "Newsletter sign-up check:active",
        "Notify about a form submission:active",
        "Page URL on save:active",
        "Page URLs under a moved page:active",
        "Promote a variant:active",
        "Redirect a post's old address:active",
        "Redirect check on save:active",
        "Revalidate site on content change:active",
        "Stop experiment:active",
      ]);
      assert.ok(first.roles.includes("Preview") && first.roles.includes("Site"), first.roles.join());
    } finally {
      const { code } = await run.stop();
      assert.equal(code, 0, `exit code on SIGTERM:\n${run.output.slice(-2000)}`);
    }
  });

  test("schema plan after it: nothing left to apply", { timeout: 20 * 60_000 }, async () => {
    const run = runEntrypoint(["plan"]);
    const { code } = await run.exit;
    assert.equal(code, 0, run.output.slice(-3000));
    assert.match(run.output, /No changes to apply/);
    assert.doesNotMatch(run.output, /The following changes will be applied/);
  });

  test("second start is idempotent", { timeout: 40 * 60_000 }, async (t) => {
    assert.ok(first, "needs the first start");
    const run = runEntrypoint();
    try {
      const ms = await run.untilReady();
      t.diagnostic(`second start ready in ${(ms / 1000).toFixed(1)} s`);
      assert.match(run.output, /No changes to apply/);
      assert.doesNotMatch(run.output, /Snapshot applied successfully/);
      assert.deepEqual(await checkInstance(), first);
    } finally {
      const { code } = await run.stop();
      assert.equal(code, 0);
    }
  });
});
