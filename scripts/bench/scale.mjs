// `npm run bench -- --scale`: the site on the scale data set (cms/seed/scale.mjs, seeded once into
// cms/data-scale by cms/scripts/scale.mjs) next to the same doc page on the demo content, and
// the search engine at the scale set's size (scripts/bench/search.mjs). Prints each target
// beside its figure.
//
// Phase 1, the demo content (cms/data-bench): SSR CPU of the doc page (today's figure).
// Phase 2, the scale set (cms/data-scale): SSR CPU of the same doc page and of the deepest doc
// page, HTML sizes of the list pages, the sitemap and llms-full.txt, and the site search
// through /api/search: the first search of an instance that builds the index, then of a fresh
// instance on the KV the first one filled, then repeated queries.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scaleSet } from "../../cms/seed/scale.mjs";
import { discoverPages } from "./pages.mjs";
import { connectHeap } from "./heap.mjs";
import { measureSearch, scaleSearchTargets } from "./search.mjs";
import { cpuMs, startBenchCms, startWorkerd } from "./stack.mjs";

// One JSON line per request would flood the output (thousands of requests); off in both phases alike.
const quiet = { REQUEST_LOG: "off" };
const round = (n, digits = 2) => (n == null || !Number.isFinite(n) ? null : Number(n.toFixed(digits)));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The deepest page of the scale set (the longest ancestor chain, so the largest sidebar path). */
function deepestScaleDoc() {
  const { docs } = scaleSet();
  const deepest = docs.reduce((best, page) => (page.depth > best.depth ? page : best), docs[0]);
  return { path: `/docs/${deepest.key}`, depth: deepest.depth };
}

/** One request's workerd CPU (the process's ticks around it, after a pause for background work). */
async function oneRequest(instance, path) {
  const cpu0 = cpuMs(instance.pids());
  const t0 = performance.now();
  const response = await fetch(instance.url + path);
  const body = await response.text();
  const ms = performance.now() - t0;
  await sleep(300);
  return {
    status: response.status,
    bytes: Buffer.byteLength(body),
    ms: round(ms, 1),
    cpuMs: round(cpuMs(instance.pids()) - cpu0, 1),
    body,
    // A body the worker streams has no length up front (chunked); one built whole has.
    streamed: !response.headers.get("content-length"),
    serverTiming: response.headers.get("server-timing"),
  };
}

/**
 * @param {{ build: object, basePort: number, cmsPort: number, connections: number[], log: (line: string) => void,
 *           load: (url: string, connections: number, options: object) => Promise<object>, searchRounds?: number,
 *           skip?: Set<string> }} options `skip` "search": not the engine's measurement in Node
 */
export async function runScaleBench({ build, basePort, cmsPort, connections, log, load, searchRounds = 3, skip = new Set() }) {
  const report = { pages: [], files: {}, search: {} };
  const ssr = async (instance, name, path, cmsPids) => {
    const first = await oneRequest(instance, path);
    if (first.status !== 200) throw new Error(`GET ${path}: ${first.status}`);
    const runs = [];
    for (const conns of connections) {
      const run = await load(instance.url + path, conns, { pids: instance.pids(), cmsPids });
      runs.push({ connections: conns, ...run });
      log(
        `  ${name.padEnd(10)} c=${String(conns).padEnd(3)} ${run.rps} req/s  p50 ${run.p50} ms  cpu ${run.cpuMsPerRequest} ms/req  (${(first.bytes / 1000).toFixed(1)} kB HTML)`,
      );
    }
    return { name, path, htmlBytes: first.bytes, runs, cpuMsPerRequest: Math.min(...runs.map((run) => run.cpuMsPerRequest)) };
  };

  // Phase 1: today's doc page on the demo content.
  log("\nscale: phase 1, the demo content (cms/data-bench) ...");
  let cms = await startBenchCms({ name: "bench", port: cmsPort, siteUrl: `http://127.0.0.1:${basePort + 1}`, log });
  let docPath;
  try {
    const instance = await startWorkerd({ build, port: basePort + 2, apiBaseUrl: cms.url, vars: { PAGE_CACHE: "off", ...quiet } });
    try {
      docPath = (await discoverPages(instance.url, { only: ["doc"] }))[0].path;
      report.today = await ssr(instance, "doc (demo)", docPath, [cms.pid]);
    } finally {
      await instance.dispose();
    }
  } finally {
    await cms.stop();
  }

  // Phase 2: the scale set.
  log("\nscale: phase 2, the scale set (cms/data-scale; the first run seeds it) ...");
  cms = await startBenchCms({ name: "scale", scale: true, port: cmsPort, siteUrl: `http://127.0.0.1:${basePort + 1}`, log });
  const persist = mkdtempSync(join(tmpdir(), "meridian-bench-scale-kv-"));
  try {
    const deep = deepestScaleDoc();
    const instance = await startWorkerd({ build, port: basePort + 2, apiBaseUrl: cms.url, vars: { PAGE_CACHE: "off", ...quiet } });
    try {
      report.pages.push(await ssr(instance, "doc", docPath, [cms.pid]));
      report.pages.push({ ...(await ssr(instance, "doc-deep", deep.path, [cms.pid])), depth: deep.depth });
      for (const [name, path] of [
        ["blog", "/blog"],
        ["careers", "/careers"],
        ["events", "/events"],
      ]) {
        const first = await oneRequest(instance, path);
        report.pages.push({ name, path, status: first.status, htmlBytes: first.bytes, firstMs: first.ms });
        log(`  ${name.padEnd(10)} ${first.status} ${(first.bytes / 1000).toFixed(1)} kB HTML`);
      }
      // llms-full.txt is the index of the full docs' parts: its first part is what streams.
      const llmsIndex = await oneRequest(instance, "/llms-full.txt");
      const firstPart = /\]\(https?:\/\/[^/]+(\/llms-full\/[^)\s]+\.txt)\)/.exec(llmsIndex.body)?.[1];
      for (const path of ["/sitemap.xml", ...(firstPart ? [firstPart] : [])]) {
        // Twice: the first request reads the content from Directus, the second from the content cache.
        await oneRequest(instance, path);
        const r = await oneRequest(instance, path);
        report.files[path] = {
          status: r.status,
          bytes: r.bytes,
          ms: r.ms,
          cpuMs: r.cpuMs,
          streamed: r.streamed,
          urls: path === "/sitemap.xml" ? (r.body.match(/<loc>/g) ?? []).length : undefined,
        };
        log(`  ${path} ${r.status} ${(r.bytes / 1e6).toFixed(2)} MB in ${r.ms} ms, ${r.cpuMs} ms CPU`);
      }
    } finally {
      await instance.dispose();
    }

    // Search: an instance that builds the index, then a fresh one on the KV it filled.
    const q = "/api/search?q=kubernetes%20gpu";
    // The isolate's heap over workerd's inspector (scripts/bench/heap.mjs): workerd does not
    // enforce the 128 MB limit locally. Sampled when the isolate yields (between its reads and
    // writes), so a peak inside one stretch of computation can be missed; garbage included.
    const inspectorPort = basePort + 10_004;
    const mb = (bytes) => Math.round(bytes / 1e5) / 10;
    const builder = await startWorkerd({ build, port: basePort + 4, apiBaseUrl: cms.url, persistTo: persist, vars: quiet, inspectorPort });
    try {
      await oneRequest(builder, "/robots.txt");
      const heap = await connectHeap(inspectorPort);
      try {
        const before = await heap.usedBytes();
        const { result: built, peakBytes } = await heap.peakDuring(() => oneRequest(builder, q));
        const after = await heap.usedBytes();
        report.search.rebuild = {
          status: built.status,
          ms: built.ms,
          cpuMs: built.cpuMs,
          heapMB: { before: mb(before), peak: mb(peakBytes), after: mb(after) },
        };
        log(
          `  search: first query with no index (builds and stores it): ${built.status} in ${built.ms} ms, ${built.cpuMs} ms CPU; heap ${mb(before)} MB before, peak ${mb(peakBytes)} MB, ${mb(after)} MB after`,
        );
      } finally {
        heap.close();
      }
    } finally {
      await builder.dispose();
    }
    const fresh = await startWorkerd({ build, port: basePort + 4, apiBaseUrl: cms.url, persistTo: persist, vars: quiet, inspectorPort });
    try {
      // The isolate's own first request (module evaluation, first render path) is not the search's.
      await oneRequest(fresh, "/robots.txt");
      const heap = await connectHeap(inspectorPort);
      const before = await heap.usedBytes();
      const first = await oneRequest(fresh, q);
      const kept = (await heap.usedBytes()) - before;
      heap.close();
      report.search.firstInFreshIsolate = { status: first.status, ms: first.ms, cpuMs: first.cpuMs, heapKeptMB: mb(kept) };
      log(
        `  search: first query of a fresh instance (index in KV): ${first.status} in ${first.ms} ms, ${first.cpuMs} ms CPU; heap in use grew by ${mb(kept)} MB`,
      );
      const repeated = await load(fresh.url + q, 1, { pids: fresh.pids() });
      report.search.repeated = repeated;
      log(`  search: repeated query c=1: p50 ${repeated.p50} ms, cpu ${repeated.cpuMsPerRequest} ms/req`);
    } finally {
      await fresh.dispose();
    }
  } finally {
    rmSync(persist, { recursive: true, force: true });
    await cms.stop();
  }

  if (!skip.has("search")) {
    log("\nscale: the search engine at the scale set's size (Node) ...");
    report.engine = await measureSearch({ log, docs: [], scale: true, rounds: searchRounds, skip: ["orama", "variants"] });
  }
  report.targets = scaleTargets(report);
  return report;
}

export function scaleTargets(report) {
  const scaleCorpus = report.engine?.corpora.find((corpus) => corpus.name === "scale");
  const targets = scaleCorpus ? scaleSearchTargets(scaleCorpus) : [];
  const deep = report.pages.find((page) => page.name === "doc-deep");
  const doc = report.pages.find((page) => page.name === "doc");
  const today = report.today?.cpuMsPerRequest;
  for (const page of [doc, deep]) {
    if (!page || !today) continue;
    targets.push({
      target: `${page.name} SSR CPU <= 1.5x today's doc page (${today} ms)`,
      measured: `${page.cpuMsPerRequest} ms (${round(page.cpuMsPerRequest / today, 2)}x; ${(page.htmlBytes / 1000).toFixed(1)} kB HTML)`,
      met: page.cpuMsPerRequest <= 1.5 * today,
    });
  }
  const sitemap = report.files["/sitemap.xml"];
  if (sitemap) {
    const urls = sitemap.urls ?? 0;
    targets.push({
      target: "sitemap: an index past 50,000 URLs or 50 MB",
      measured: `${urls} URLs, ${(sitemap.bytes / 1e6).toFixed(2)} MB in one file (below both limits)`,
      met: urls <= 50_000 && sitemap.bytes <= 50e6 ? true : null,
    });
  }
  const llms = Object.entries(report.files).find(([path]) => path.startsWith("/llms-full/"))?.[1];
  if (llms) {
    targets.push({
      target: "a part of llms-full streamed, not held whole in memory, and under 100 kB",
      measured: `${(llms.bytes / 1e3).toFixed(1)} kB, ${llms.cpuMs} ms CPU, ${llms.streamed ? "streamed (no Content-Length)" : "sent with a Content-Length (built whole)"}`,
      met: llms.streamed && llms.bytes <= 100_000,
    });
  }
  if (report.search.firstInFreshIsolate) {
    targets.push({
      target: "workerd: first search of a fresh instance <= 100 ms CPU",
      measured: `${report.search.firstInFreshIsolate.cpuMs} ms (10 ms ticks; includes the HTTP handling)`,
      met: report.search.firstInFreshIsolate.cpuMs <= 100,
    });
  }
  if (report.search.firstInFreshIsolate?.heapKeptMB !== undefined) {
    targets.push({
      target: "workerd: heap the first search of a fresh instance adds <= 32 MB",
      measured: `${report.search.firstInFreshIsolate.heapKeptMB} MB (heap in use after the query minus before it, garbage included)`,
      met: report.search.firstInFreshIsolate.heapKeptMB <= 32,
    });
  }
  if (report.search.rebuild?.heapMB) {
    targets.push({
      target: "workerd: search build within an isolate's 128 MB",
      measured: `peak ${report.search.rebuild.heapMB.peak} MB of heap (sampled when the isolate yields), ${report.search.rebuild.heapMB.after} MB after`,
      met: report.search.rebuild.heapMB.peak <= 128,
    });
  }
  if (report.search.rebuild) {
    targets.push({
      target: "search rebuild within a Worker's CPU limit (30 s default)",
      measured: `${report.search.rebuild.cpuMs} ms CPU for the whole build (not incremental)`,
      met: report.search.rebuild.cpuMs <= 30_000,
    });
  }
  return targets;
}

export function scaleToMarkdown(report) {
  const lines = [];
  const out = (line = "") => lines.push(line);
  out("## Scale set");
  out();
  out("| page | HTML | SSR CPU per request |");
  out("|---|---:|---:|");
  if (report.today)
    out(
      `| doc on the demo content (${report.today.path}) | ${(report.today.htmlBytes / 1000).toFixed(1)} kB | ${report.today.cpuMsPerRequest} ms |`,
    );
  for (const page of report.pages) {
    out(
      `| ${page.name} (${page.path}) | ${(page.htmlBytes / 1000).toFixed(1)} kB | ${page.cpuMsPerRequest ?? "-"} ${page.cpuMsPerRequest ? "ms" : ""} |`,
    );
  }
  out();
  for (const [path, file] of Object.entries(report.files)) {
    out(
      `- ${path}: ${file.status}, ${(file.bytes / 1e6).toFixed(2)} MB${file.urls != null ? `, ${file.urls} URLs` : ""}, ${file.ms} ms, ${file.cpuMs} ms CPU`,
    );
  }
  const s = report.search;
  if (s.rebuild)
    out(
      `- search, no index yet (build and store): ${s.rebuild.ms} ms, ${s.rebuild.cpuMs} ms CPU` +
        (s.rebuild.heapMB
          ? `; heap ${s.rebuild.heapMB.before} MB before, peak ${s.rebuild.heapMB.peak} MB, ${s.rebuild.heapMB.after} MB after`
          : ""),
    );
  if (s.firstInFreshIsolate)
    out(`- search, first query of a fresh instance: ${s.firstInFreshIsolate.ms} ms, ${s.firstInFreshIsolate.cpuMs} ms CPU`);
  if (s.repeated) out(`- search, repeated query: p50 ${s.repeated.p50} ms, ${s.repeated.cpuMsPerRequest} ms CPU per request`);
  out();
  out("| target | measured | met |");
  out("|---|---|---|");
  for (const t of report.targets) out(`| ${t.target} | ${t.measured} | ${t.met === true ? "yes" : t.met === false ? "**no**" : "n/a"} |`);
  out();
  return lines.join("\n");
}
