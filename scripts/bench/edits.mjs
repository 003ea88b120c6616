#!/usr/bin/env node
// `node scripts/bench/edits.mjs`: what an editor's saves cost the visitors, on the scale set
// (cms/data-scale, seeded once by cms/scripts/scale.mjs). The production bundle on workerd, page
// cache on, against the scale Directus, whose revalidation flow calls this worker.
//
//   node scripts/bench/edits.mjs [--pages 2000] [--duration 120] [--every 10] [--rate 200]
//                                [--port 10800] [--cms-port 10873] [--fresh 1800]
//
// 1. The pages: `--pages` addresses from the sitemap (every kind of page: home, lists, posts, docs,
//    roles, events), each requested once to warm the caches.
// 2. Quiet: steady traffic (`--rate` requests a second, spread over the pages at random) for
//    `--duration` seconds, no saves.
// 3. Saves: the same traffic while an editor changes the title of one of the newest posts every
//    `--every` seconds (PATCH through Directus' REST API, as the admin app does); after each save a
//    reader polls the post's page every 50 ms until the new title shows.
// Reported: visitors' p50/p99 in both phases and their ratio (target: within 1.2x), the answers
// that waited for a render (MISS) or were answered stale while rendered again (STALE), the pages
// the webhook rendered per save and the tags it marked (its `content_change` log line), Directus
// reads per save (a counting proxy between the worker and Directus), and the time from a save's
// answer to the new title on its page (target p99 <= 2 s).
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { cmsConfig, createApi } from "../../cms/scripts/lib.mjs";
import { startProfiling, summariseProfile } from "./profiler.mjs";
import { buildForBench, cpuMs, disposeAll, groupPids, machine, root, startBenchCms, startWorkerd } from "./stack.mjs";

const { values: args } = parseArgs({
  options: {
    pages: { type: "string", default: "2000" },
    duration: { type: "string", default: "120" },
    every: { type: "string", default: "10" },
    rate: { type: "string", default: "200" },
    port: { type: "string", default: String(10800 + Number(process.env.TEST_PORT_OFFSET ?? 0)) },
    "cms-port": { type: "string", default: String(10873 + Number(process.env.TEST_PORT_OFFSET ?? 0)) },
    out: { type: "string", default: "bench-results" },
    // demo: the demo content (cms/data-bench), for a quick try of the script itself.
    data: { type: "string", default: "scale" },
    // Writes a V8 CPU profile of the worker for each phase (<prefix>-quiet.cpuprofile, -saves) and prints its summary.
    profile: { type: "string" },
    fresh: { type: "string", default: "1800" },
  },
});
const scale = args.data !== "demo";
const pageCount = Number(args.pages);
const durationMs = Number(args.duration) * 1000;
const everyMs = Number(args.every) * 1000;
const rate = Number(args.rate);
const port = Number(args.port);
const cmsPort = Number(args["cms-port"]);
const proxyPort = cmsPort + 1;
const log = (line) => console.log(line);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1));
};

/** A proxy in front of Directus counting the GraphQL reads the worker makes, by operation. */
function countingProxy(target) {
  const counts = new Map();
  let total = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (req.url?.startsWith("/graphql")) {
        total += 1;
        try {
          const name = JSON.parse(body.toString("utf8")).operationName ?? "?";
          counts.set(name, (counts.get(name) ?? 0) + 1);
        } catch {
          counts.set("?", (counts.get("?") ?? 0) + 1);
        }
      }
      const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on("error", () => {
        res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    });
  });
  return {
    listen: () => new Promise((resolve) => server.listen(proxyPort, "127.0.0.1", resolve)),
    close: () => new Promise((resolve) => server.close(resolve)),
    total: () => total,
    byOperation: () => Object.fromEntries(counts),
  };
}

/** Steady traffic: `rate` requests a second to random pages until `stop()`; every answer recorded. */
function traffic(base, paths) {
  const answers = [];
  let running = true;
  const workers = Math.max(1, Math.ceil(rate / 20)); // each about 20 a second at most
  const interval = (workers * 1000) / rate;
  // The clients' own event loop: a stall here delays every answer in flight without the worker's doing.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const loops = Array.from({ length: workers }, async (_, index) => {
    await sleep((index * interval) / workers);
    while (running) {
      const started = performance.now();
      const path = paths[Math.floor(Math.random() * paths.length)];
      try {
        const response = await fetch(base + path);
        await response.arrayBuffer();
        answers.push({
          path,
          ms: performance.now() - started,
          status: response.status,
          cache: response.headers.get("x-page-cache") ?? "none",
          at: Date.now(),
        });
      } catch {
        answers.push({ path, ms: performance.now() - started, status: 0, cache: "error", at: Date.now() });
      }
      const left = interval - (performance.now() - started);
      if (left > 0) await sleep(left);
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
      loopDelay.disable();
    },
    /** The clients' event loop delay (ms): how late a timer of theirs ran, p99 and the longest. */
    loopDelay: () => ({ p99: Number((loopDelay.percentile(99) / 1e6).toFixed(1)), max: Number((loopDelay.max / 1e6).toFixed(1)) }),
  };
}

/**
 * Moments when several answers in flight were slow together (each over 40 ms, ending within 50 ms
 * of each other): a stall of the server or the machine rather than one slow page.
 */
const stallsOf = (answers) => {
  const slow = answers.filter((answer) => answer.ms > 40).sort((a, b) => a.at - b.at);
  const stalls = [];
  for (const answer of slow) {
    const last = stalls.at(-1);
    if (last && answer.at - last.endedAt <= 50) {
      last.answers += 1;
      last.endedAt = answer.at;
      last.longestMs = Math.max(last.longestMs, Math.round(answer.ms));
    } else stalls.push({ at: answer.at, endedAt: answer.at, answers: 1, longestMs: Math.round(answer.ms) });
  }
  return stalls.filter((stall) => stall.answers >= 3).map(({ at, answers, longestMs }) => ({ at, answers, longestMs }));
};

const summarise = (answers) => {
  const ms = answers.map((answer) => answer.ms);
  const by = (cache) => answers.filter((answer) => answer.cache === cache).length;
  return {
    requests: answers.length,
    errors: answers.filter((answer) => answer.status !== 200 && answer.status !== 404).length,
    // What the first errors were: status (0: no answer), page, and the cache's word.
    errorSamples: answers
      .filter((answer) => answer.status !== 200 && answer.status !== 404)
      .slice(0, 10)
      .map(({ path, status, cache, ms }) => ({ path, status, cache, ms: Math.round(ms) })),
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    hit: by("HIT"),
    miss: by("MISS"),
    stale: by("STALE"),
    other: answers.length - by("HIT") - by("MISS") - by("STALE"),
    stalls: stallsOf(answers),
    slowest: [...answers]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)
      .map((answer) => ({ path: answer.path, ms: Number(answer.ms.toFixed(1)), cache: answer.cache, at: answer.at })),
  };
};

/** CPU time (ms) of the worker, the CMS and this script (the visitors' clients, the proxy) so far. */
const cpuNow = (instance, cms) => ({
  worker: cpuMs(instance.pids()),
  cms: cpuMs(groupPids(cms.pid)),
  clients: process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000,
});
/** Each one's CPU over a phase, as a share of one core. */
const cpuShares = (before, after, ms) =>
  Object.fromEntries(Object.keys(before).map((name) => [name, Number(((after[name] - before[name]) / ms).toFixed(3))]));

async function main() {
  const build = buildForBench({ log });
  const cms = await startBenchCms({ name: scale ? "scale" : "bench", scale, port: cmsPort, siteUrl: `http://127.0.0.1:${port + 1}`, log });
  const proxy = countingProxy(cms.url);
  await proxy.listen();
  const changeLines = [];
  let instance;
  const report = {
    machine: machine(),
    options: { data: args.data, pageCount, durationMs, everyMs, rate, freshSeconds: Number(args.fresh) },
  };
  try {
    instance = await startWorkerd({
      build,
      port,
      apiBaseUrl: `http://127.0.0.1:${proxyPort}`,
      // Pages fresh for `--fresh` seconds (production: 5 minutes): the warm-up (one to three minutes
      // on these machines) and the two phases outlast five minutes, and pages warmed first would
      // then age out in the second phase alone, rendered again for their age, not for a save.
      vars: { REQUEST_LOG: "off", PAGE_FRESH_SECONDS: args.fresh },
      ...(args.profile ? { inspectorPort: port + 40 } : {}),
      onOutput: (line) => {
        // BENCH_DEBUG_LOG=1 prints the worker's lines cut at 200 characters; =full prints them whole.
        if (process.env.BENCH_DEBUG_LOG) console.log(`worker: ${process.env.BENCH_DEBUG_LOG === "full" ? line : line.slice(0, 200)}`);
        if (line.includes('"event":"content_change"')) changeLines.push({ ...JSON.parse(line.slice(line.indexOf("{"))), at: Date.now() });
      },
    });
    const base = instance.url;

    // 1. The pages.
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const all = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
    const byKind = (prefix) => all.filter((path) => path.startsWith(prefix));
    const lists = [
      "/",
      "/blog",
      "/careers",
      "/events",
      "/docs",
      "/changelog",
      ...Array.from({ length: 20 }, (_, i) => `/blog?page=${i + 2}`),
    ];
    const posts = byKind("/blog/").filter((path) => !path.startsWith("/blog/authors"));
    const picked = new Set(lists);
    // The newest posts (the ones edited) first, then an even mix of every kind.
    for (const path of posts.slice(0, 200)) picked.add(path);
    const kinds = [posts.slice(200), byKind("/docs/"), byKind("/careers/"), byKind("/events/"), byKind("/blog/authors/"), all];
    for (let round = 0; picked.size < pageCount && round < 100_000; round += 1) {
      const kind = kinds[round % kinds.length];
      const path = kind[Math.floor(round / kinds.length)];
      if (path) picked.add(path);
      if (kinds.every((list) => Math.floor(round / kinds.length) >= list.length)) break;
    }
    const paths = [...picked].slice(0, pageCount);
    log(`pages: ${paths.length} (of ${all.length} in the sitemap); warming each once ...`);
    const warmStarted = Date.now();
    // The search index as production has it (the cron builds it, or a visitor's first search):
    // else the first save would build it whole here, a cost of a new namespace, not of a save.
    await (await fetch(`${base}/search?q=gpu`)).arrayBuffer();
    for (let index = 0; index < paths.length; index += 8) {
      await Promise.all(paths.slice(index, index + 8).map(async (path) => (await fetch(base + path)).arrayBuffer()));
    }
    log(`  warmed in ${((Date.now() - warmStarted) / 1000).toFixed(0)} s`);

    // 2. Quiet.
    log(`quiet: ${rate} requests/s for ${durationMs / 1000} s, no saves ...`);
    const readsBeforeQuiet = proxy.total();
    const profiled = async (phase, work) => {
      if (!args.profile) return work();
      const stop = await startProfiling(port + 40, 200);
      const result = await work();
      const profile = await stop();
      writeFileSync(`${args.profile}-${phase}.cpuprofile`, JSON.stringify(profile));
      log(`  the worker's CPU profile, ${phase}:`);
      summariseProfile(profile, 25, (line) => log(`    ${line}`));
      return result;
    };
    let cpuBefore = cpuNow(instance, cms);
    let load = traffic(base, paths);
    await profiled("quiet", () => sleep(durationMs));
    await load.stop();
    report.quiet = {
      ...summarise(load.answers),
      directusReads: proxy.total() - readsBeforeQuiet,
      clientLoopDelayMs: load.loopDelay(),
      cpuCores: cpuShares(cpuBefore, cpuNow(instance, cms), durationMs),
    };
    log(`  ${JSON.stringify(report.quiet)}`);

    // 3. Saves.
    const config = cmsConfig({ dataDir: join(root, "cms", scale ? "data-scale" : "data-bench"), port: cmsPort });
    const api = createApi(cms.url, config.adminToken);
    const newest = await api(
      "GET",
      `/items/posts?${new URLSearchParams({ filter: JSON.stringify({ status: { _eq: "published" } }), sort: "-published_at", fields: "id,slug,title", limit: "30" })}`,
    );
    log(`saves: one post's title every ${everyMs / 1000} s for ${durationMs / 1000} s, with the same traffic ...`);
    const saves = [];
    const readsBeforeSaves = proxy.total();
    const operationsBefore = proxy.byOperation();
    cpuBefore = cpuNow(instance, cms);
    load = traffic(base, paths);
    const started = Date.now();
    await profiled("saves", async () => {
      for (let index = 0; Date.now() - started < durationMs; index += 1) {
        const post = newest[index % newest.length];
        const title = `${post.title.replace(/ \(edit \d+\)$/, "")} (edit ${index + 1})`;
        const readsBefore = proxy.total();
        const savedAt = performance.now();
        await api("PATCH", `/items/posts/${post.id}`, { title });
        const answeredAt = performance.now();
        // A reader polls the post's page until the new title shows.
        let shownAfter = null;
        for (let poll = 0; poll < 400; poll += 1) {
          const html = await (await fetch(`${base}/blog/${post.slug}`)).text();
          if (html.includes(title.replace(/&/g, "&amp;"))) {
            shownAfter = performance.now() - answeredAt;
            break;
          }
          await sleep(50);
        }
        saves.push({
          post: post.id,
          saveMs: Number((answeredAt - savedAt).toFixed(1)),
          shownAfterMs: shownAfter && Number(shownAfter.toFixed(1)),
        });
        const next = started + (index + 1) * everyMs;
        await sleep(Math.max(0, next - Date.now()));
        saves.at(-1).directusReads = proxy.total() - readsBefore;
      }
    });
    await load.stop();
    const cpuSaves = cpuShares(cpuBefore, cpuNow(instance, cms), Date.now() - started);
    await sleep(2000); // the last webhook's renders
    const operationsAfter = proxy.byOperation();
    const changes = changeLines.filter((line) => line.collection === "posts" && line.at >= started);
    report.saves = {
      ...summarise(load.answers),
      count: saves.length,
      cpuCores: cpuSaves,
      clientLoopDelayMs: load.loopDelay(),
      directusReads: proxy.total() - readsBeforeSaves,
      directusReadsPerSave: Number(((proxy.total() - readsBeforeSaves - (report.quiet.directusReads ?? 0)) / saves.length).toFixed(1)),
      readsByOperation: Object.fromEntries(
        Object.entries(operationsAfter)
          .map(([name, count]) => [name, count - (operationsBefore[name] ?? 0)])
          .filter(([, count]) => count > 0),
      ),
      renderedByWebhookPerSave: changes.length
        ? Number((changes.reduce((sum, line) => sum + line.rendered, 0) / changes.length).toFixed(1))
        : null,
      markedPerSave: changes.length ? Number((changes.reduce((sum, line) => sum + line.marked, 0) / changes.length).toFixed(1)) : null,
      webhookMs: changes.map((line) => line.ms),
      // Every change the webhook was told of during the phase: the editor's saves, the share cards the
      // CMS draws after them, and any catch-up of cards the CMS runs on its own (the scale set has none drawn).
      webhooks: changes.length,
      webhooksByFields: Object.fromEntries(
        Object.entries(Object.groupBy(changes, (line) => (line.fields ?? ["?"]).join(","))).map(([fields, lines]) => [
          fields,
          lines.length,
        ]),
      ),
      shownAfterMs: {
        p50: percentile(
          saves.map((save) => save.shownAfterMs ?? Infinity),
          50,
        ),
        p99: percentile(
          saves.map((save) => save.shownAfterMs ?? Infinity),
          99,
        ),
        max: Math.max(...saves.map((save) => save.shownAfterMs ?? Infinity)),
      },
      list: saves,
    };
    report.p99Ratio = Number((report.saves.p99 / report.quiet.p99).toFixed(2));
    report.targets = {
      "visitors' p99 with saves / without <= 1.2": report.p99Ratio <= 1.2,
      "save to new title p99 <= 2000 ms": (report.saves.shownAfterMs.p99 ?? Infinity) <= 2000,
      "no visitor waited for a render caused by a save (MISS during saves)": report.saves.miss === 0,
      // Else the figures above are of a site that stopped rendering again (and so costs less).
      "the webhook rendered pages again after every save":
        report.saves.webhooks >= saves.length && report.saves.renderedByWebhookPerSave > 0,
    };
    log(`  ${JSON.stringify({ ...report.saves, list: undefined, webhookMs: undefined })}`);
    log(`p99 ratio (saves / quiet): ${report.p99Ratio}`);
    for (const [target, met] of Object.entries(report.targets)) log(`  ${met ? "met" : "MISSED"}: ${target}`);
  } finally {
    await instance?.dispose();
    await proxy.close();
    await cms.stop();
    await disposeAll();
    build.cleanup();
  }
  const out = join(root, args.out);
  mkdirSync(out, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
  writeFileSync(join(out, `bench-edits-${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
  log(`written: ${args.out}/bench-edits-${stamp}.json`);
}

main().catch(async (error) => {
  console.error(error);
  await disposeAll();
  process.exit(1);
});
