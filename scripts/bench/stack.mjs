// Shared by scripts/bench.mjs and scripts/lighthouse.mjs: the production build of the worker
// served by workerd directly (Miniflare's API, no `wrangler dev` proxy in front), and a seeded
// local Directus on its own port and data directory.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { prepareCms, startCms } from "../../cms/scripts/lib.mjs";
import { offlineEnv, root } from "../lib/processes.mjs";
import { testSecrets } from "../lib/test-stack.mjs";

export { root };

/** `wrangler.toml`'s compatibility date (top level; the environments share it). */
export function compatibilityDate() {
  const match = readFileSync(join(root, "wrangler.toml"), "utf8").match(/^compatibility_date\s*=\s*"([^"]+)"/m);
  if (!match) throw new Error("no compatibility_date in wrangler.toml");
  return match[1];
}

/** Files under `dir`, relative, recursively. */
function filesUnder(dir, prefix = "") {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(dir, join(prefix, entry.name)) : [join(prefix, entry.name)],
  );
}

/**
 * Builds the prod client and worker (`scripts/build.mjs --env prod`: Vite, dist/client and
 * dist/worker) and runs `wrangler deploy --dry-run` on it (the upload size wrangler reports),
 * into a private temporary folder, with a snapshot of dist/client, so another build in the
 * same tree cannot swap the files under a running benchmark.
 * @returns {{ dir: string, scriptPath: string, assetsDir: string, bundle: object, cleanup: () => void }}
 */
export function buildForBench({ log = console.log } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "meridian-bench-"));
  const node = process.execPath;
  for (let attempt = 1; ; attempt++) {
    log(`build: client and prod worker (scripts/build.mjs --env prod, Vite), then wrangler deploy --dry-run ...`);
    execFileSync(node, [join(root, "scripts/build.mjs"), "--env", "prod"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    const wranglerOut = execFileSync(
      node,
      [join(root, "node_modules/wrangler/bin/wrangler.js"), "deploy", "--dry-run", "--outdir", join(dir, "worker")],
      { cwd: root, env: { ...process.env, ...offlineEnv }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    rmSync(join(dir, "client"), { recursive: true, force: true });
    cpSync(join(root, "dist/client"), join(dir, "client"), { recursive: true });
    // The bundle embeds the asset manifest of the build it was made from: check that the
    // snapshot holds those files (another engineer may have rebuilt in between).
    const manifest = JSON.parse(readFileSync(join(root, "src/generated/asset-manifest.json"), "utf8"));
    const modules = filesUnder(join(dir, "worker")).filter((f) => /\.(m?js|wasm)$/.test(f) && f !== "bench-entry.mjs");
    const bundleText = modules.map((f) => readFileSync(join(dir, "worker", f), "utf8")).join("\n");
    const consistent =
      bundleText.includes(manifest.clientEntry) &&
      [manifest.clientEntry, manifest.css].every((file) => existsSync(join(dir, "client", file)));
    if (consistent) {
      const raw = modules.reduce((sum, f) => sum + statSync(join(dir, "worker", f)).size, 0);
      const gzip = modules.reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, "worker", f))).length, 0);
      const reported = wranglerOut.match(/Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/);
      const bundle = {
        modules,
        rawBytes: raw,
        gzipBytes: gzip,
        wranglerRawKiB: reported ? Number(reported[1]) : null,
        wranglerGzipKiB: reported ? Number(reported[2]) : null,
      };
      return {
        dir,
        scriptPath: join(dir, "worker/index.js"),
        assetsDir: join(dir, "client"),
        manifest,
        bundle,
        cleanup: () => rmSync(dir, { recursive: true, force: true }),
      };
    }
    if (attempt >= 3) throw new Error("the client build changed under the bundle three times; is another build looping?");
    log("build: dist/client changed while bundling (another build in the tree); building again");
  }
}

/**
 * A seeded Directus on `port` with its own data directory (cms/data-<name>); prepared once,
 * later runs reuse it (prepareCms skips what is done). `scale`: with the scale set too.
 */
export async function startBenchCms({ name, port, siteUrl, log = () => {}, scale = false }) {
  const options = {
    dataDir: join(root, "cms", `data-${name}`),
    port,
    log,
    siteUrl,
    revalidateSecret: testSecrets.REVALIDATE_SECRET,
    ...(scale ? { queryLimitMax: 100_000 } : {}),
  };
  if (scale) {
    // The demo content plus the scale set (cms/scripts/scale.mjs), seeded once.
    const { prepareScaleCms } = await import("../../cms/scripts/scale.mjs");
    await prepareScaleCms(options);
  } else await prepareCms(options);
  return startCms(options);
}

let miniflareModule;
async function loadMiniflare() {
  // Miniflare is wrangler's own dependency (the same workerd binary wrangler dev runs).
  miniflareModule ??= await import(join(root, "node_modules/miniflare/dist/src/index.js"));
  return miniflareModule;
}

/**
 * Bench-only entry module around the built worker (written next to it, never into src/):
 * - the default export is the worker itself, plus `GET /__bench/static/<path>`: the bytes and
 *   content type of the page at <path>, rendered once through the worker and then kept in
 *   memory, i.e. a static response of the same size from the same worker (the ceiling);
 *   `/__bench/rewrite/<path>` (those bytes through the page cache's nonce HTMLRewriter) and
 *   `/__bench/cache/<path>` (those bytes from a Cache API read) split the hit path's cost;
 * - `WorkerOnly` is the same handler as a named entrypoint, so a socket can reach the worker
 *   without Miniflare's JavaScript emulation of the static-assets router in front (on
 *   Cloudflare that routing happens before the worker and is not part of its CPU time).
 */
const benchEntrySource = `import { WorkerEntrypoint } from "cloudflare:workers";
import worker from "./index.js";
const kept = new Map();
async function pageBytes(path, url, env, ctx) {
  let entry = kept.get(path);
  if (!entry) {
    const page = await worker.fetch(new Request(new URL(path, url), { headers: { accept: "text/html" } }), env, ctx);
    entry = { body: await page.arrayBuffer(), type: page.headers.get("content-type") ?? "text/html", status: page.status };
    kept.set(path, entry);
  }
  return entry;
}
async function handle(request, env, ctx) {
  const url = new URL(request.url);
  const probe = url.pathname.match(/^\\/__bench\\/(static|rewrite|cache)(\\/.*)$/);
  if (!probe) return worker.fetch(request, env, ctx);
  const [, kind, pathname] = probe;
  const entry = await pageBytes(pathname + url.search, url, env, ctx);
  const response = () => new Response(entry.body, { status: entry.status, headers: { "content-type": entry.type } });
  if (kind === "static") return response();
  // Diagnostics of the page-cache hit path, with the same bytes: the nonce rewrite alone, and
  // a Cache API read alone.
  if (kind === "rewrite") {
    const nonce = crypto.randomUUID();
    return new HTMLRewriter().on("[nonce]", { element(element) { element.setAttribute("nonce", nonce); } }).transform(response());
  }
  const cache = await caches.open("bench");
  const key = new Request("https://bench.invalid" + pathname + url.search);
  const hit = await cache.match(key);
  if (hit) return hit;
  const stored = response();
  stored.headers.set("cache-control", "public, max-age=3600");
  await cache.put(key, stored.clone());
  return stored;
}
export class WorkerOnly extends WorkerEntrypoint {
  fetch(request) {
    return handle(request, this.env, this.ctx);
  }
}
// As a browser reaches the site on Cloudflare: static files first, then the worker, and text
// compressed on the way out (the edge does that in production; workerd alone does not).
const compressible = /^(text\\/|application\\/(javascript|json|xml|rss\\+xml|manifest\\+json)|image\\/svg\\+xml)/;
function compressed(request, response) {
  const type = response.headers.get("content-type") ?? "";
  if (!response.body || response.headers.has("content-encoding") || !compressible.test(type)) return response;
  if (!/\\bgzip\\b/.test(request.headers.get("accept-encoding") ?? "")) return response;
  const headers = new Headers(response.headers);
  headers.set("content-encoding", "gzip"); // workerd encodes the body (encodeBody: "automatic")
  headers.delete("content-length");
  if (!/accept-encoding/i.test(headers.get("vary") ?? "")) headers.append("vary", "Accept-Encoding");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
export class Site extends WorkerEntrypoint {
  async fetch(request) {
    if (request.method === "GET" || request.method === "HEAD") {
      const asset = await this.env.ASSETS.fetch(request.url, { method: request.method, headers: request.headers });
      if (asset.status !== 404) return compressed(request, asset);
    }
    return compressed(request, await handle(request, this.env, this.ctx));
  }
}
export default { ...worker, fetch: handle };
`;

/**
 * The built worker on workerd through Miniflare, with three HTTP sockets in one workerd:
 * - `url` (port): straight to the worker, no static-assets router in front (benchmarks);
 * - `siteUrl` (port + 1): as a browser sees the site: static files first, then the worker
 *   (with `compress`, text gzip-compressed on the way out as Cloudflare's edge does);
 * - Miniflare's own entry socket on port + 50 (unused; its entry worker costs about 0.13 ms
 *   of CPU per request on its own).
 * KV is in memory (a new instance starts empty), so are the Cache API and the queue; Images
 * binding; vars and test secrets. SITE_URL is `siteUrl` unless `vars` say otherwise.
 * @returns {Promise<{ url: string, siteUrl: string, pids: () => number[], dispose: () => Promise<void> }>}
 */
export async function startWorkerd({
  build,
  port,
  apiBaseUrl,
  vars = {},
  log = false,
  compress = false,
  inspectorPort,
  persistTo,
  onOutput,
}) {
  const { Miniflare, Log, LogLevel, convertV4MiniflareOptions } = await loadMiniflare();
  const url = `http://127.0.0.1:${port}`;
  const siteUrl = `http://127.0.0.1:${port + 1}`;
  const entryPath = join(build.dir, "worker", "bench-entry.mjs");
  if (!existsSync(entryPath)) writeFileSync(entryPath, benchEntrySource);
  const before = new Set(childWorkerdPids());
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: port + 50,
      inspectorPort,
      // KV and caches on disk, to start a fresh instance on what an earlier one stored.
      ...(persistTo ? { resourcePersistencePath: persistTo } : {}),
      log: log ? new Log(LogLevel.INFO) : undefined,
      // Each line the worker logs, to a bench that reads them (edits.mjs: the webhook's `content_change`).
      ...(onOutput ? { handleStructuredLogs: ({ message }) => onOutput(message) } : {}),
      cf: { colo: "LCL", country: "XX" },
      modulesRoot: join(build.dir, "worker"),
      modules: [
        { type: "ESModule", path: entryPath },
        ...build.bundle.modules.map((file) => ({
          type: file.endsWith(".wasm") ? "CompiledWasm" : "ESModule",
          path: join(build.dir, "worker", file),
        })),
      ],
      compatibilityDate: compatibilityDate(),
      unsafeDirectSockets: [
        { host: "127.0.0.1", port, entrypoint: "WorkerOnly" },
        compress ? { host: "127.0.0.1", port: port + 1, entrypoint: "Site" } : { host: "127.0.0.1", port: port + 1 },
      ],
      kvNamespaces: ["CONTENT_CACHE"],
      queueProducers: { SUBMISSIONS: { queueName: "meridian-submissions-prod" } },
      images: { binding: "IMAGES" },
      assets: {
        directory: build.assetsDir,
        binding: "ASSETS",
        routerConfig: { has_user_worker: true },
        assetConfig: { not_found_handling: "none" },
      },
      bindings: {
        ENVIRONMENT: "prod",
        SITE_URL: siteUrl,
        SITE_NAME: "Meridian Cloud",
        API_BASE_URL: apiBaseUrl,
        ...testSecrets,
        // BENCH_VARS='{"REQUEST_LOG":"off"}': compare a variant without changing code.
        ...JSON.parse(process.env.BENCH_VARS || "{}"),
        ...vars,
      },
    }),
  );
  try {
    await mf.ready;
  } catch (error) {
    await mf.dispose().catch(() => {});
    throw error;
  }
  const own = childWorkerdPids().filter((pid) => !before.has(pid));
  live.add(mf);
  return {
    url,
    siteUrl,
    pids: () => own,
    kv: () => mf.getKVNamespace("CONTENT_CACHE"),
    async dispose() {
      live.delete(mf);
      await mf.dispose();
    },
  };
}

const live = new Set();
/** Disposes every Miniflare instance still running (Ctrl-C, errors). */
export async function disposeAll() {
  await Promise.all([...live].map((mf) => mf.dispose().catch(() => {})));
  live.clear();
}

/** The processes whose /proc stat satisfies `test(fields, comm)` (fields after the command name). */
function processesWhere(test) {
  const pids = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (test(fields, stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")))) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

/** workerd processes started by this Node process (Miniflare spawns them as direct children). */
export const childWorkerdPids = () => processesWhere((fields, comm) => Number(fields[1]) === process.pid && comm.startsWith("workerd"));

/** The processes of process group `pgid` (a server spawned detached, with its workers). */
export const groupPids = (pgid) => processesWhere((fields) => Number(fields[2]) === pgid);

const clockTicks = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU time of the processes, in ms (from /proc/<pid>/stat; all threads). */
export function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      // gone
    }
  }
  return (ticks * 1000) / clockTicks;
}

/** Where this machine's CPU time goes, for the report: cores and model. */
export function machine() {
  const cpuinfo = existsSync("/proc/cpuinfo") ? readFileSync("/proc/cpuinfo", "utf8") : "";
  const model = cpuinfo.match(/model name\s*:\s*(.+)/)?.[1]?.trim() ?? "unknown CPU";
  const cores = (cpuinfo.match(/^processor\s*:/gm) ?? []).length || 1;
  return { model, cores, node: process.version };
}
