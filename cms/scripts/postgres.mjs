#!/usr/bin/env node
// A throwaway PostgreSQL for tests: a fresh cluster in a temp folder, listening only on
// 127.0.0.1, one database per test instance, removed again by stop().
//
//   import { startPostgres } from './cms/scripts/postgres.mjs';
//   const pg = await startPostgres({ port: 5433 });
//   const db = await pg.createDatabase('meridian_test');   // -> { client: 'pg', host, port, database, user, password }
//   await pg.stop();
//
// As a command it runs another command against a throwaway server, with the CMS tests switched
// to PostgreSQL (CMS_TEST_DB=pg and the DB_* variables set):
//   node cms/scripts/postgres.mjs [--port 5433] -- node --test cms/test/contract.test.mjs
//
// Debian/Ubuntu's `postgresql` package puts the binaries in /usr/lib/postgresql/<major>/bin
// (PG_BIN_DIR overrides). initdb refuses to run as root, so as root the server runs as the
// `postgres` user (the package creates it) with a data folder owned by that user.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createConnection } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { stopProcess } from "./stop-process.mjs";

const CMS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const DEFAULT_PG_PORT = 5433;
const USER = "postgres";
const PASSWORD = "meridian-test-pg";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The folder with initdb and postgres (newest installed major first), or null when there is none. */
export function postgresBinDir() {
  const candidates = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  const base = "/usr/lib/postgresql";
  if (existsSync(base)) {
    for (const major of readdirSync(base).sort((a, b) => Number(b) - Number(a))) candidates.push(join(base, major, "bin"));
  }
  return candidates.find((dir) => existsSync(join(dir, "initdb")) && existsSync(join(dir, "postgres"))) ?? null;
}

/** uid/gid to run the server as: ourselves, or the `postgres` user when we are root. */
function serverUser() {
  if (process.getuid?.() !== 0) return {};
  try {
    const uid = Number(execFileSync("id", ["-u", USER], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", USER], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    throw new Error(`PostgreSQL cannot run as root and there is no "${USER}" user (apt-get install postgresql creates it).`);
  }
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

/** The `pg` driver Directus ships with (cms/node_modules). */
function pgDriver() {
  return createRequire(join(CMS_DIR, "package.json"))("pg");
}

const liveServers = new Set();
process.on("exit", () => {
  // Last resort when a test process dies without stop(): no server outlives it.
  for (const server of liveServers) server.killNow();
});

/**
 * Start a new cluster. Resolves once it accepts connections.
 * @param {{port?: number, log?: (msg: string) => void, timeoutMs?: number}} [opts]
 */
export async function startPostgres({ port = DEFAULT_PG_PORT, log = () => {}, timeoutMs = 30_000 } = {}) {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed (apt-get install postgresql), or set PG_BIN_DIR.");
  if (await portOpen(port)) throw new Error(`Port ${port} is already in use; pick another with --port / CMS_TEST_PG_PORT.`);
  const t0 = Date.now();
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), "meridian-pg-"));
  const dataDir = join(dir, "data");
  const pwFile = join(dir, "pwfile");
  writeFileSync(pwFile, `${PASSWORD}\n`);
  if (user.uid !== undefined) {
    chownSync(dir, user.uid, user.gid);
    chownSync(pwFile, user.uid, user.gid);
  }
  chmodSync(dir, 0o700);
  const asServer = { ...user, cwd: dir, env: { ...process.env, LC_ALL: "C", LANG: "C" } };

  const init = spawnSync(
    join(bin, "initdb"),
    ["-D", dataDir, "-U", USER, `--pwfile=${pwFile}`, "--auth=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-instructions"],
    { ...asServer, encoding: "utf8" },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (${init.status ?? init.error}):\n${init.stderr || init.stdout}`);
  }
  rmSync(pwFile, { force: true });

  // Durability settings off: a test database is thrown away anyway, and this halves the time
  // Directus' bootstrap takes. The server log goes to a file, not a pipe: a caller that blocks
  // its event loop (spawnSync) must never stall the server on a full pipe.
  const logFile = join(dir, "postgres.log");
  const logFd = openSync(logFile, "a");
  const child = spawn(
    join(bin, "postgres"),
    [
      "-D",
      dataDir,
      "-p",
      String(port),
      "-k",
      dir,
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
      "-c",
      // The test pass runs a Directus per test file side by side (a dozen, each a pool of up to
      // ten connections, more while one seeds): PostgreSQL's default of 100 is too few.
      "max_connections=300",
      "-c",
      "logging_collector=off",
    ],
    { ...asServer, stdio: ["ignore", logFd, logFd], detached: true },
  );
  closeSync(logFd);
  const output = () => {
    try {
      return readFileSync(logFile, "utf8").slice(-4000);
    } catch {
      return "";
    }
  };
  let exited = null;
  const exitPromise = new Promise((res) =>
    child.on("exit", (code, signal) => {
      exited = { code, signal };
      res();
    }),
  );

  const server = {
    host: "127.0.0.1",
    port,
    user: USER,
    password: PASSWORD,
    dir,
    pid: child.pid,
    /** Connection settings for a database on this server, in lib.mjs' `db` shape. */
    db: (database) => ({ client: "pg", host: "127.0.0.1", port, database, user: USER, password: PASSWORD }),
    /** Run SQL on the maintenance database. */
    async sql(text) {
      const { Client } = pgDriver();
      const client = new Client({ host: "127.0.0.1", port, user: USER, password: PASSWORD, database: "postgres" });
      await client.connect();
      try {
        return await client.query(text);
      } finally {
        await client.end();
      }
    },
    /** A new, empty database (an existing one of that name is dropped first). */
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsuitable database name: ${name}`);
      await server.sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await server.sql(`CREATE DATABASE ${name}`);
      return server.db(name);
    },
    async dropDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsuitable database name: ${name}`);
      await server.sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
    killNow() {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* gone */
      }
      liveServers.delete(server);
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        /* best effort */
      }
    },
    /** Fast shutdown (SIGINT), then the folder is removed. */
    async stop() {
      if (!exited) await stopProcess(child, exitPromise, { signal: "SIGINT", group: false, killAfterMs: 10_000 });
      liveServers.delete(server);
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
  liveServers.add(server);

  // Ready when a real login works (the port opens a little before recovery has finished).
  for (;;) {
    if (exited) {
      liveServers.delete(server);
      const log = output();
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`postgres exited during start (${exited.code ?? exited.signal}):\n${log}`);
    }
    try {
      await server.sql("SELECT 1");
      break;
    } catch (error) {
      if (Date.now() - t0 > timeoutMs) {
        const log = output();
        await server.stop();
        throw new Error(`PostgreSQL did not accept connections within ${timeoutMs} ms: ${error.message}\n${log}`);
      }
      await sleep(100);
    }
  }
  log(`postgres: ${bin.split("/").at(-2)} ready on 127.0.0.1:${port} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return server;
}

/** The environment that points the CMS tests (through lib.mjs) at this server. */
export function testEnv(server) {
  return {
    CMS_TEST_DB: "pg",
    DB_CLIENT: "pg",
    DB_HOST: server.host,
    DB_PORT: String(server.port),
    DB_USER: server.user,
    DB_PASSWORD: server.password,
  };
}

// ---------------------------------------------------------------------------------------------
// Command line: run a command against a throwaway server.

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dash = args.indexOf("--");
  const own = dash === -1 ? args : args.slice(0, dash);
  const command = dash === -1 ? [] : args.slice(dash + 1);
  const portArg = own.indexOf("--port");
  const port = Number(portArg === -1 ? (process.env.CMS_TEST_PG_PORT ?? DEFAULT_PG_PORT) : own[portArg + 1]);
  const server = await startPostgres({ port, log: (m) => console.error(m) });
  if (!command.length) {
    console.log(
      `PostgreSQL on 127.0.0.1:${port}, user ${server.user}, password ${server.password}. Ctrl-C stops it and deletes ${server.dir}.`,
    );
    await new Promise((res) => {
      process.once("SIGINT", res);
      process.once("SIGTERM", res);
    });
    await server.stop();
  } else {
    const child = spawn(command[0], command.slice(1), { stdio: "inherit", env: { ...process.env, ...testEnv(server) } });
    const code = await new Promise((res) => child.on("exit", (c, s) => res(c ?? (s ? 1 : 0))));
    await server.stop();
    process.exit(code);
  }
}
