// Starting and stopping the local servers (wrangler dev, Directus) as whole process groups,
// so nothing is left running after Ctrl-C or a finished test run.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
export const bin = (name) => join(root, "node_modules/.bin", name);

/** Env for wrangler on a machine without internet. */
export const offlineEnv = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

/**
 * Polls `url` until it answers (any HTTP status) while the server lives. The ceiling is for a hang
 * only: a slow or busy machine may take minutes to start wrangler and workerd, and that is no failure.
 */
async function waitForHttp(url, { timeoutMs = 15 * 60_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Spawns a command in its own process group; `stop()` ends the whole group. */
function spawnGroup(command, args, { env = {}, log = "inherit", cwd = root } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: log === "inherit" ? ["ignore", "inherit", "inherit"] : ["ignore", "pipe", "pipe"],
  });
  const output = [];
  if (log !== "inherit") {
    const keep = (chunk) => {
      output.push(chunk.toString());
      if (output.length > 200) output.shift();
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
  }
  const exited = new Promise((resolve) => child.once("exit", resolve));
  async function stop() {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }, 5000);
    await exited;
    clearTimeout(timer);
  }
  return { child, stop, output: () => output.join("") };
}

/**
 * Vite's dev server (vite.config.ts) in this process: the worker in workerd through
 * @cloudflare/vite-plugin, HMR for the browser. `vars` override wrangler.toml vars.
 * @param {{ port?: number, vars?: Record<string, string>, logLevel?: "info" | "warn" | "error" | "silent" }} [options]
 */
export async function startDevServer({ port = 3000, vars = {}, logLevel = "info" } = {}) {
  process.env.MERIDIAN_DEV_VARS = JSON.stringify(vars);
  Object.assign(process.env, offlineEnv);
  const { createServer } = await import("vite");
  const server = await createServer({
    root,
    configFile: join(root, "vite.config.ts"),
    logLevel,
    server: { port, host: "127.0.0.1", strictPort: true },
  });
  await server.listen();
  const url = `http://127.0.0.1:${port}`;
  return { url, server, stop: () => server.close() };
}

/**
 * Runs the built worker (`npm run build`: dist/worker, dist/client) with `wrangler dev`
 * (workerd, local KV, assets and Images binding). `vars` override the build's vars.
 * @param {{ port?: number, vars?: Record<string, string>, log?: "inherit" | "pipe", persistTo?: string }} [options]
 */
export async function startWorker({ port = 3000, vars = {}, log = "inherit", persistTo } = {}) {
  const config = join(root, "dist/worker/wrangler.json");
  if (!existsSync(config)) throw new Error("dist/worker/wrangler.json is missing: run `npm run build` first");
  // A preprod/prod build (deploy:check, the bench) carries that environment's vars: not for tests.
  const built = JSON.parse(readFileSync(config, "utf8"));
  if (built.topLevelName && built.name !== built.topLevelName) {
    throw new Error(`dist/worker is the ${built.name} build: run \`npm run build\` (the dev environment) first`);
  }
  // Wrangler picks its inspector port by probing from 9229: two stacks starting at the same moment
  // (the test lanes) can both pick it, and one then fails with "Address already in use". Each
  // worker gets its own, 10000 above its port.
  const args = [
    "dev",
    "--config",
    config,
    "--port",
    String(port),
    "--inspector-port",
    String(port + 10_000),
    "--ip",
    "127.0.0.1",
    "--show-interactive-dev-session=false",
  ];
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  if (persistTo) args.push("--persist-to", persistTo);
  // Run wrangler's CLI with this Node (>= 22.12), whatever `node` is first on PATH.
  const server = spawnGroup(process.execPath, [join(root, "node_modules/wrangler/bin/wrangler.js"), ...args], { env: offlineEnv, log });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/favicon.svg`, { child: server.child });
  } catch (error) {
    await server.stop();
    throw new Error(`${error.message}\n${server.output()}`);
  }
  return { url, stop: server.stop };
}
