#!/usr/bin/env node
// Directus as a cluster, on this machine: a throwaway PostgreSQL (postgres.mjs), Redis, two
// Directus instances on one database, and HAProxy in front of them, with the settings a
// production deployment of more than one instance uses (clusterEnv below; cms/README.md,
// "Production"). The instances carry the same schema, access set-up and demo content as
// `npm start`'s Directus.
//
//   npm run cms:cluster [-- --instances 2] [--site-url http://localhost:3000]
//     → prints API_BASE_URL (the balancer); `API_BASE_URL=… npm start` runs the site against it.
//
//   import { startCluster } from './cms/scripts/cluster.mjs';
//   const cluster = await startCluster({ ports, log });   // → { url, instances, balancer, redis, stop() }
//
// Needs Debian's redis-server and haproxy (apt-get install redis-server haproxy) and PostgreSQL
// (apt-get install postgresql); `missingTools()` names what is missing. The balancer's and Redis'
// configuration files are templates in cms/cluster/. Everything listens on 127.0.0.1 only.
//
// Why HAProxy rather than nginx: it checks the instances actively (GET /server/ping every second,
// so an instance that stopped is taken out before a visitor's request finds it), retries a
// request that could not connect on the other instance, and has a runtime API to take an
// instance out and back (the bench's one-instance runs); open-source nginx notices a dead
// instance only from failing requests.
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { CMS_DIR, cmsConfig, prepareCms, prepareFreshCms, startCms } from "./lib.mjs";
import { postgresBinDir, startPostgres } from "./postgres.mjs";
import { stopProcess } from "./stop-process.mjs";

const TEMPLATES = join(CMS_DIR, "cluster");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const noop = () => {};

/** Ports of `npm run cms:cluster` (the tests and the bench use their own). */
export const CLUSTER_PORTS = Object.freeze({ balancer: 18055, instances: [18056, 18057], redis: 18379, postgres: 18432 });

/** Names of the instances, as the balancer knows them (its X-Served-By header). */
const instanceName = (index) => String.fromCharCode(97 + index); // a, b, c …

/**
 * The settings every instance of a cluster shares, on top of the single instance's (lib.mjs
 * cmsEnv). These are the ones to use in production (cms/README.md, "Production"), with a
 * managed Redis, S3/R2 instead of a shared folder, and the balancer's network in IP_TRUST_PROXY.
 * @param {{publicUrl: string, redisUrl: string, storageRoot: string}} options
 */
export function clusterEnv({ publicUrl, redisUrl, storageRoot }) {
  return {
    // Links Directus builds (the admin app, files, password resets) point at the balancer.
    PUBLIC_URL: publicUrl,
    // Redis: the message bus (schema changes, flow reloads, websocket events reach every
    // instance) is on Redis as soon as REDIS is set; Directus 11 has no MESSENGER_STORE any more.
    REDIS: redisUrl,
    CACHE_ENABLED: "true",
    CACHE_STORE: "redis",
    // A save clears the cache every instance reads (the next read is fresh everywhere).
    CACHE_AUTO_PURGE: "true",
    CACHE_STATUS_HEADER: "X-Cache-Status",
    RATE_LIMITER_ENABLED: "true",
    RATE_LIMITER_STORE: "redis",
    // Per client address, counted across the instances: 10,000 requests in 10 s. Sized for the
    // worker's cold-cache peak, which arrives from few addresses (docs/guides/operators.md).
    RATE_LIMITER_POINTS: "10000",
    RATE_LIMITER_DURATION: "10",
    // Schedules (schedule-triggered flows, Directus' own jobs) run once per tick across the
    // instances, not once per instance.
    SYNCHRONIZATION_STORE: "redis",
    WEBSOCKETS_ENABLED: "true",
    // Files: one store for every instance (production: S3/R2, STORAGE_LOCATIONS=r2 …).
    STORAGE_LOCATIONS: "local",
    STORAGE_LOCAL_ROOT: storageRoot,
    // The client's address is the one the balancer saw (X-Forwarded-For from a trusted hop).
    IP_TRUST_PROXY: "loopback",
    // SIGTERM: first 3 s in which /server/ping answers 503 and every other request is still
    // served, so the balancer's check takes the instance out before it stops listening
    // (extensions/graceful-shutdown); then Directus stops listening, finishes the requests in
    // flight (up to 10 s) and exits.
    CMS_SHUTDOWN_DRAIN_MS: "3000",
    SERVER_SHUTDOWN_TIMEOUT: "10000",
  };
}

// ---------------------------------------------------------------------------------------------
// Tools

/** The path of an executable on PATH or in the sbin folders (Debian puts haproxy in /usr/sbin). */
function findExecutable(name) {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/usr/local/sbin", "/usr/bin", "/sbin"];
  for (const dir of dirs) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** What the cluster needs and this machine lacks, as sentences ([] when nothing is missing). */
export function missingTools({ postgres = true } = {}) {
  const missing = [];
  if (!findExecutable("redis-server")) missing.push("redis-server is not installed (apt-get install redis-server)");
  if (!findExecutable("haproxy")) missing.push("haproxy is not installed (apt-get install haproxy)");
  if (postgres && !postgresBinDir()) missing.push("PostgreSQL is not installed (apt-get install postgresql)");
  return missing;
}

function fillTemplate(file, values) {
  return readFileSync(join(TEMPLATES, file), "utf8").replace(/\{\{(\w+)\}\}/g, (match, key) => {
    if (!(key in values)) throw new Error(`${file}: no value for ${match}`);
    return values[key];
  });
}

function portOpen(port) {
  return new Promise((res) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      res(true);
    });
    socket.once("error", () => res(false));
  });
}

const liveGroups = new Set();
process.on("exit", () => {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
});

/** A server process in its own group, output to a file; `stop()` sends SIGTERM and waits. */
function spawnServer(command, args, { logFile }) {
  const fd = openSync(logFile, "a");
  const child = spawn(command, args, { stdio: ["ignore", fd, fd], detached: true });
  closeSync(fd);
  liveGroups.add(child.pid);
  let exited = null;
  const exit = new Promise((res) =>
    child.on("exit", (code, signal) => {
      exited = { code, signal };
      liveGroups.delete(child.pid);
      res(exited);
    }),
  );
  const output = () => {
    try {
      return readFileSync(logFile, "utf8").slice(-3000);
    } catch {
      return "";
    }
  };
  return {
    pid: child.pid,
    exited: () => exited,
    output,
    async stop() {
      if (exited) return;
      await stopProcess(child, exit, { killAfterMs: 5000 });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Redis

/** ioredis, which Directus ships with (cms/node_modules). */
const ioredis = () => createRequire(join(CMS_DIR, "package.json"))("ioredis");

/**
 * A throwaway Redis on 127.0.0.1:`port` (no persistence), from cms/cluster/redis.conf.
 * `command(name, ...args)` runs one command on a short-lived connection.
 */
// The start-ups below wait while the process lives; their ceiling is for a hang, not for a slow machine.
export async function startRedis({ port, log = noop, logDir, timeoutMs = 10 * 60_000 }) {
  const bin = findExecutable("redis-server");
  if (!bin) throw new Error("redis-server is not installed (apt-get install redis-server)");
  if (await portOpen(port)) throw new Error(`Port ${port} is already in use (Redis).`);
  const t0 = Date.now();
  const dir = mkdtempSync(join(tmpdir(), "meridian-redis-"));
  const conf = join(dir, "redis.conf");
  writeFileSync(conf, fillTemplate("redis.conf", { PORT: String(port), DIR: dir }));
  const server = spawnServer(bin, [conf], { logFile: join(logDir ?? dir, "redis.log") });
  const url = `redis://127.0.0.1:${port}`;
  const Redis = ioredis();
  const command = async (name, ...args) => {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on("error", noop); // the caller gets the failure from the command
    try {
      await client.connect();
      return await client.call(name, ...args);
    } finally {
      client.disconnect();
    }
  };
  for (;;) {
    if (server.exited()) throw new Error(`redis-server exited during start:\n${server.output()}`);
    try {
      if ((await command("PING")) === "PONG") break;
    } catch {
      /* not yet */
    }
    if (Date.now() - t0 > timeoutMs) {
      await server.stop();
      throw new Error(`Redis did not answer PING within ${timeoutMs} ms:\n${server.output()}`);
    }
    await sleep(100);
  }
  log(`redis: ready on ${url} (${Date.now() - t0} ms)`);
  return {
    url,
    port,
    command,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The balancer

/** One request to HAProxy's runtime API (stats socket); resolves with its answer. */
function runtimeCommand(socket, text) {
  return new Promise((res, rej) => {
    const connection = createConnection(socket);
    let answer = "";
    connection.on("connect", () => connection.end(`${text}\n`));
    connection.on("data", (d) => (answer += d));
    connection.on("end", () => res(answer));
    connection.on("error", rej);
  });
}

/**
 * HAProxy on 127.0.0.1:`port` in front of `servers` ([{name, port}]), from cms/cluster/haproxy.cfg.
 * `states()` → {name: 'UP' | 'DOWN' | 'MAINT' …}; `waitFor({a: 'UP'})`; `setServer(name, 'ready' | 'maint')`.
 */
export async function startBalancer({ port, servers, log = noop, logDir, timeoutMs = 10 * 60_000 }) {
  const bin = findExecutable("haproxy");
  if (!bin) throw new Error("haproxy is not installed (apt-get install haproxy)");
  if (await portOpen(port)) throw new Error(`Port ${port} is already in use (balancer).`);
  const t0 = Date.now();
  const dir = mkdtempSync(join(tmpdir(), "meridian-haproxy-"));
  const socket = join(dir, "admin.sock");
  const cfg = join(dir, "haproxy.cfg");
  const serverLines = servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port}`).join("\n");
  writeFileSync(cfg, fillTemplate("haproxy.cfg", { BIND: `127.0.0.1:${port}`, SOCKET: socket, SERVERS: serverLines }));
  const logFile = join(logDir ?? dir, "haproxy.log");
  const server = spawnServer(bin, ["-db", "-f", cfg], { logFile });
  const runtime = (text) => runtimeCommand(socket, text);
  // `show servers state`: one line per server, field 4 the name, field 6 the operational state
  // (0 stopped/down, 2 running/up) and field 7 the admin state (bit 0x01/0x20: maintenance).
  const states = async () => {
    const lines = (await runtime("show servers state directus")).split("\n").filter((l) => /^\d/.test(l));
    return Object.fromEntries(
      lines.map((line) => {
        const f = line.split(/\s+/);
        const admin = Number(f[6]);
        return [f[3], admin & 0x21 ? "MAINT" : f[5] === "2" ? "UP" : "DOWN"];
      }),
    );
  };
  const balancer = {
    url: `http://127.0.0.1:${port}`,
    port,
    logFile,
    runtime,
    states,
    /** Bounded wait until the named servers are in the given states; resolves with the ms it took. */
    async waitFor(wanted, { timeoutMs: limit = 30_000 } = {}) {
      const start = Date.now();
      for (;;) {
        const now = await states().catch(() => ({}));
        if (Object.entries(wanted).every(([name, state]) => now[name] === state)) return Date.now() - start;
        if (Date.now() - start > limit)
          throw new Error(`balancer: ${JSON.stringify(wanted)} not reached in ${limit} ms (now ${JSON.stringify(now)})`);
        await sleep(50);
      }
    },
    /** Take an instance out of the rotation ('drain': no new requests; 'maint') or put it back ('ready'). */
    async setServer(name, state) {
      const answer = await runtime(`set server directus/${name} state ${state}`);
      if (answer.trim()) throw new Error(`balancer: ${answer.trim()}`);
    },
    /** Requests an instance is answering now (`show stat`: scur). */
    async inFlight(name) {
      const rows = (await runtime("show stat")).split("\n").map((line) => line.split(","));
      const header = rows[0].map((f) => f.replace(/^# /, ""));
      const row = rows.find((f) => f[0] === "directus" && f[1] === name);
      return row ? Number(row[header.indexOf("scur")]) : 0;
    },
    /**
     * What a rolling restart does before it stops an instance: no new requests go to it, and the
     * ones it has finish (bounded). Resolves with the ms it took.
     */
    async drain(name, { timeoutMs: limit = 15_000 } = {}) {
      const start = Date.now();
      await balancer.setServer(name, "drain");
      while ((await balancer.inFlight(name)) > 0 && Date.now() - start < limit) await sleep(20);
      return Date.now() - start;
    },
    log: () => {
      try {
        return readFileSync(logFile, "utf8");
      } catch {
        return "";
      }
    },
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  for (;;) {
    if (server.exited()) throw new Error(`haproxy exited during start:\n${server.output()}`);
    if (existsSync(socket) && (await portOpen(port)) && (await states().catch(() => null))) break;
    if (Date.now() - t0 > timeoutMs) {
      await server.stop();
      throw new Error(`HAProxy did not start within ${timeoutMs} ms:\n${server.output()}`);
    }
    await sleep(100);
  }
  log(`balancer: HAProxy on ${balancer.url} (${Date.now() - t0} ms)`);
  return balancer;
}

// ---------------------------------------------------------------------------------------------
// The cluster

/**
 * Start PostgreSQL (unless `pg` names a running server), Redis, the instances and the balancer;
 * resolves once the balancer sees every instance up.
 * @param {{
 *   ports?: {balancer: number, instances: number[], redis: number, postgres?: number},
 *   pg?: {host: string, port: number, user: string, password: string},
 *   database?: string, dataDir?: string, siteUrl?: string, revalidateSecret?: string,
 *   fresh?: boolean, templatePort?: number, env?: Record<string, string>, log?: (m: string) => void,
 * }} [opts] `fresh`: copy the seeded template (tests, bench; the template database is made once
 *   per PostgreSQL server) instead of preparing the database from nothing. `env`: more settings
 *   for every instance.
 */
export async function startCluster(opts = {}) {
  const { ports = CLUSTER_PORTS, database = "meridian_cluster", fresh = false, log = noop } = opts;
  const dataDir = resolve(opts.dataDir ?? join(CMS_DIR, "data-cluster"));
  const missing = missingTools({ postgres: !opts.pg });
  if (missing.length) throw new Error(missing.join("; "));
  const t0 = Date.now();
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
  };
  try {
    let pgServer = opts.pg;
    let ownPostgres = null;
    if (!pgServer) {
      ownPostgres = await startPostgres({ port: ports.postgres, log });
      stops.push(() => ownPostgres.stop());
      pgServer = ownPostgres;
    }
    const db = { client: "pg", host: pgServer.host, port: pgServer.port, database, user: pgServer.user, password: pgServer.password };
    const redis = await startRedis({ port: ports.redis, log });
    stops.push(() => redis.stop());

    // One data dir holds the shared file store (uploads/) and the prepare state; each instance
    // logs into a folder of its own.
    const publicUrl = `http://127.0.0.1:${ports.balancer}`;
    const storageRoot = join(dataDir, "uploads");
    const shared = { ...clusterEnv({ publicUrl, redisUrl: redis.url, storageRoot }), ...opts.env };
    const base = { db, siteUrl: opts.siteUrl, revalidateSecret: opts.revalidateSecret, log };
    // The release step: schema, access set-up and content, once, before the instances start
    // (production: the entrypoint's `migrate` job).
    // Its Directus is behind no balancer: nothing to drain when it is stopped.
    const prepareOpts = { ...base, dataDir, port: ports.instances[0], env: { ...shared, CMS_SHUTDOWN_DRAIN_MS: "0" } };
    if (fresh) await prepareFreshCms({ ...prepareOpts, templatePort: opts.templatePort });
    else {
      rmSync(dataDir, { recursive: true, force: true });
      await prepareCms(prepareOpts);
    }

    let balancer = null; // started once the instances answer
    const instances = ports.instances.map((port, index) => {
      const name = instanceName(index);
      const instanceOpts = { ...base, dataDir: join(dataDir, `instance-${name}`), port, env: { ...shared, CMS_INSTANCE: name } };
      const instance = {
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        running: null,
        async start() {
          if (!instance.running) instance.running = await startCms(instanceOpts);
          // Back in the rotation (a drained instance stays drained until told).
          await balancer?.setServer(name, "ready");
          return instance;
        },
        /**
         * A planned stop, as a rolling restart does it: the balancer sends the instance nothing
         * new and waits for what it is answering (drain); then `graceMs` for the work its last
         * saves started after answering (flows such as the site's webhook: Directus does not
         * wait for them on SIGTERM); then SIGTERM (the instance's own drain below adds its 3 s).
         * `{ drain: false }`: a plain SIGTERM at once, as `docker stop` or systemd send it: the
         * instance drains itself (CMS_SHUTDOWN_DRAIN_MS: its check answers 503 until the
         * balancer has taken it out), then stops listening, finishes what it has and exits.
         * Resolves with { drainMs, exit: { code, signal } }.
         */
        async stop({ drain = true, graceMs = 2000 } = {}) {
          const running = instance.running;
          if (!running) return { drainMs: 0, exit: null };
          const drainMs = drain && balancer ? await balancer.drain(name) : 0;
          if (drain && balancer && graceMs > 0) await sleep(graceMs);
          instance.running = null;
          await running.stop();
          return { drainMs, exit: await running.exited };
        },
        /** SIGKILL: a crash. */
        kill() {
          const running = instance.running;
          instance.running = null;
          if (!running) return Promise.resolve();
          try {
            process.kill(-running.pid, "SIGKILL");
          } catch {
            /* gone */
          }
          return running.stop();
        },
      };
      return instance;
    });
    // Side by side: each drains for CMS_SHUTDOWN_DRAIN_MS before it goes.
    stops.push(() => Promise.all(instances.map((instance) => instance.stop({ drain: false }))));
    await Promise.all(instances.map((instance) => instance.start()));

    balancer = await startBalancer({ port: ports.balancer, servers: instances, log, logDir: dataDir });
    stops.push(() => balancer.stop());
    await balancer.waitFor(Object.fromEntries(instances.map((i) => [i.name, "UP"])));
    log(`cluster: ${instances.length} instances behind ${balancer.url} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    return {
      url: balancer.url,
      db,
      dataDir,
      storageRoot,
      env: shared,
      redis,
      balancer,
      instances,
      /** The PostgreSQL this cluster started (null when `pg` named one): its `pid` is the postmaster's. */
      postgres: ownPostgres,
      config: cmsConfig({ ...base, dataDir, port: ports.instances[0] }),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Command line: `npm run cms:cluster`

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      instances: { type: "string", default: "2" },
      "site-url": { type: "string" },
      verbose: { type: "boolean", short: "v" },
    },
  });
  const count = Number(values.instances);
  if (!(count >= 1 && count <= 4)) throw new Error("--instances: 1 to 4");
  const missing = missingTools();
  if (missing.length) {
    console.error(`cms:cluster cannot start: ${missing.join("; ")}`);
    process.exit(2);
  }
  const log = (message) => console.log(message);
  const ports = { ...CLUSTER_PORTS, instances: Array.from({ length: count }, (_, i) => CLUSTER_PORTS.balancer + 1 + i) };
  console.log("cms:cluster: PostgreSQL, Redis, Directus × %d and HAProxy (the first start seeds the database: about a minute)", count);
  const cluster = await startCluster({
    ports,
    siteUrl: values["site-url"],
    log: values.verbose ? log : (m) => /^cluster:/.test(m) && log(m),
  });
  const c = cluster.config;
  console.log(`
The cluster is running:
  API_BASE_URL  ${cluster.url}        (HAProxy; npm start: API_BASE_URL=${cluster.url} npm start)
  admin         ${cluster.url}/admin   (${c.adminEmail} / ${c.adminPassword})
  instances     ${cluster.instances.map((i) => `${i.name} ${i.url}`).join(", ")}   (logs: ${cluster.dataDir}/instance-*/directus.log)
  Redis         ${cluster.redis.url}
  PostgreSQL    ${cluster.db.host}:${cluster.db.port}/${cluster.db.database}
  files         ${cluster.storageRoot}   (shared by the instances)
  webhook       ${c.siteUrl}/api/revalidate
Press Ctrl-C to stop (the database and Redis are thrown away).`);
  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the cluster ...`);
    await cluster.stop();
    console.log("stopped.");
    process.exit(0);
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}
