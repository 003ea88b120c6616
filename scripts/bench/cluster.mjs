#!/usr/bin/env node
// The CMS as a cluster under load (cms/scripts/cluster.mjs: PostgreSQL, Redis, two Directus
// instances behind HAProxy), about 3 minutes:
//
// 1. A cache-miss storm of the origin, as after a new build when every page is cold: every
//    GraphQL read the site's pages make (the site's own documents from its query modules, with
//    the variables of each seeded post, job, event, doc page, page, author and form), all at
//    once through the balancer with `--concurrency` in flight, after Directus' cache was
//    cleared (every answer a MISS). Rounds alternate one instance (the balancer's runtime API
//    puts b in maintenance) and two. Per mode: the storm's time and throughput (medians over
//    the rounds), latency p50/p95 over every request, Directus CPU per request.
// 2. Failover under load (readers and editors through the balancer, the webhook to a local
//    recorder): instance b stopped three ways, a planned stop (drain at the balancer, 2 s for
//    the after-save work, SIGTERM), SIGTERM alone (the instance drains itself first:
//    CMS_SHUTDOWN_DRAIN_MS), and SIGKILL (a crash); failed reads, failed
//    saves, webhooks lost, the slowest read, then b restarted.
//
//   node scripts/bench/cluster.mjs [--concurrency 50] [--rounds 3] [--skip storm,failover] [--out bench-results]
//
// Ports 18255–18263 (+ TEST_PORT_OFFSET); its own throwaway PostgreSQL (the seeded template is
// made on it first: about a minute). Writes bench-results/cluster-<date>.{json,md} and prints the tables.
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { missingTools, startCluster } from "../../cms/scripts/cluster.mjs";
import { createApi } from "../../cms/scripts/lib.mjs";
import { loadOperations } from "../codegen.mjs";
import { cpuMs, machine, root } from "./stack.mjs";

const { values: args } = parseArgs({
  options: {
    concurrency: { type: "string", default: "50" },
    rounds: { type: "string", default: "3" },
    skip: { type: "string", default: "" },
    out: { type: "string", default: "bench-results" },
  },
});
const concurrency = Number(args.concurrency);
const rounds = Number(args.rounds);
const skip = new Set(args.skip.split(",").filter(Boolean));

const missing = missingTools();
if (missing.length) {
  console.error(`bench cluster: ${missing.join("; ")}`);
  process.exit(2);
}

const base = 18255 + Number(process.env.TEST_PORT_OFFSET ?? 0);
const ports = { balancer: base, instances: [base + 1, base + 2], redis: base + 3, postgres: base + 5 };
const sitePort = base + 4;
const round = (n, digits = 1) => (n == null || !Number.isFinite(n) ? null : Number(n.toFixed(digits)));
const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null);
const median = (values) =>
  quantile(
    [...values].sort((x, y) => x - y),
    0.5,
  );
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => console.log(line);

/** A stand-in for the site: counts the webhooks per collection and key. */
async function startRecorder(port) {
  const calls = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      try {
        calls.push(JSON.parse(body));
      } catch {
        calls.push(null);
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, calls, close: () => server.close() };
}

// ---------------------------------------------------------------------------------------------
// The storm's requests: the site's documents with the seeded content's variables

/** The variables each document declares: name → type. */
const declaredVariables = (document) => Object.fromEntries([...document.matchAll(/\$(\w+)\s*:\s*([^,)=\s]+)/g)].map((m) => [m[1], m[2]]));

async function stormRequests(api) {
  const rows = (path) => api("GET", path);
  const published = "filter[status][_eq]=published&limit=-1";
  const [posts, jobs, events, docs, pages, authors, forms] = await Promise.all([
    rows(`/items/posts?${published}&fields=slug`),
    rows(`/items/jobs?${published}&fields=slug`),
    rows(`/items/events?${published}&fields=slug`),
    rows(`/items/docs_pages?${published}&fields=id`),
    rows(`/items/pages?${published}&fields=path`),
    rows("/items/authors?limit=-1&fields=id"),
    rows(`/items/forms?${published}&fields=key`),
  ]);
  // Per item: the page that reads one post, job, event … asks once per item.
  const perItem = {
    BlogPost: { slug: posts.map((p) => p.slug) },
    CareersJob: { slug: jobs.map((j) => j.slug) },
    EventDetail: { slug: events.map((e) => e.slug) },
    DocsPage: { id: docs.map((d) => String(d.id)) },
    Page: { path: pages.map((p) => p.path) },
    BlogAuthor: { id: authors.map((a) => String(a.id)) },
    FormByKey: { key: forms.map((f) => f.key) },
  };
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
  // What the server sets (content.server.ts) and what the list pages ask for first.
  const common = { status: ["published"], now, from: hour, offset: 0, limit: 100, ids: docs.map((d) => String(d.id)) };
  // Reads of the editor's preview, the redirect flows and the cron: not a visitor's page.
  const notPages = /(Path|Version)$|^ScheduledPublications$/;
  const requests = [];
  const left = [];
  for (const operation of await loadOperations()) {
    if (notPages.test(operation.name)) continue;
    const variables = declaredVariables(operation.document);
    const items = perItem[operation.name] ?? {};
    const [itemName, itemValues] = Object.entries(items)[0] ?? [];
    const required = Object.entries(variables).filter(([name, type]) => type.endsWith("!") && name !== itemName && !(name in common));
    if (required.length) {
      left.push(`${operation.name} (${required.map(([name]) => name).join(", ")})`);
      continue;
    }
    const shared = Object.fromEntries(
      Object.keys(variables)
        .filter((name) => name in common)
        .map((name) => [name, common[name]]),
    );
    for (const value of itemName ? itemValues : [undefined]) {
      requests.push({
        name: operation.name,
        body: JSON.stringify({
          operationName: operation.name,
          query: operation.document,
          variables: itemName ? { ...shared, [itemName]: value } : shared,
        }),
      });
    }
  }
  return { requests, left };
}

/** One POST /graphql as the worker sends it (its read token). */
async function send(url, token, request) {
  const started = performance.now();
  try {
    const res = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: request.body,
    });
    const json = await res.json().catch(() => null);
    return {
      ms: performance.now() - started,
      ok: res.status === 200 && json && !json.errors,
      status: res.status,
      errors: json?.errors?.map((e) => e.message).join("; "),
      cache: res.headers.get("x-cache-status"),
      servedBy: res.headers.get("x-served-by"),
    };
  } catch (error) {
    return { ms: performance.now() - started, ok: false, status: 0, errors: error.message };
  }
}

/** Every request once, `concurrency` at a time; the storm's wall time and each request's result. */
async function storm(url, token, requests, concurrency) {
  const queue = [...requests];
  const results = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) results.push({ name: next.name, ...(await send(url, token, next)) });
    }),
  );
  return { ms: performance.now() - started, results };
}

async function measureStorms(cluster, api, token) {
  const { requests, left } = await stormRequests(api);
  if (left.length) log(`storm: left out (a required variable with no value here): ${left.join(", ")}`);
  // A dry run: every request answers without errors (and warms what is not the data cache).
  const dry = await storm(cluster.url, token, requests, concurrency);
  const broken = dry.results.filter((r) => !r.ok);
  if (broken.length) throw new Error(`storm: ${broken.length} requests fail: ${JSON.stringify(broken.slice(0, 3))}`);
  const operations = new Set(requests.map((r) => r.name)).size;
  log(`storm: ${requests.length} distinct reads of ${operations} site operations, ${concurrency} in flight`);
  const directusPids = () => cluster.instances.map((i) => i.running?.pid).filter(Boolean);
  const modes = { one: [], two: [] };
  for (let r = 0; r < rounds; r++) {
    for (const mode of r % 2 ? ["two", "one"] : ["one", "two"]) {
      await cluster.balancer.setServer("b", mode === "one" ? "maint" : "ready");
      await cluster.balancer.waitFor({ a: "UP", b: mode === "one" ? "MAINT" : "UP" });
      await api("POST", "/utils/cache/clear");
      await sleep(300); // let the instances settle after the cache flush and the check
      const cpu0 = cpuMs(directusPids());
      const result = await storm(cluster.url, token, requests, concurrency);
      const cpu = cpuMs(directusPids()) - cpu0;
      const failed = result.results.filter((x) => !x.ok);
      const hits = result.results.filter((x) => x.cache === "HIT").length;
      const served = Object.groupBy(result.results, (x) => x.servedBy ?? "?");
      modes[mode].push({ ...result, cpu, failed: failed.length, hits, load: loadavg()[0] });
      log(
        `  round ${r + 1} ${mode}: ${Math.round(result.ms)} ms, ${failed.length} failed, ${hits} hits, ` +
          `served by ${Object.entries(served)
            .map(([k, v]) => `${k} ${v.length}`)
            .join(" / ")}, Directus CPU ${Math.round(cpu)} ms, load ${loadavg()[0].toFixed(1)}`,
      );
    }
  }
  await cluster.balancer.setServer("b", "ready");
  const summary = (list) => {
    const latencies = list.flatMap((s) => s.results.map((x) => x.ms)).sort((x, y) => x - y);
    const stormMs = median(list.map((s) => s.ms));
    return {
      stormMs: round(stormMs, 0),
      throughput: round((requests.length * 1000) / stormMs, 1),
      p50: round(quantile(latencies, 0.5), 0),
      p95: round(quantile(latencies, 0.95), 0),
      max: round(latencies.at(-1), 0),
      cpuMsPerRequest: round(median(list.map((s) => s.cpu / requests.length)), 1),
      failed: list.reduce((sum, s) => sum + s.failed, 0),
      hits: list.reduce((sum, s) => sum + s.hits, 0),
      // The machine's 1-minute load average (2 cores: above 2, other work shares them).
      load: round(median(list.map((s) => s.load)), 1),
    };
  };
  const one = summary(modes.one);
  const two = summary(modes.two);
  return {
    requests: requests.length,
    operations,
    concurrency,
    rounds,
    one,
    two,
    ratio: {
      stormMs: round(two.stormMs / one.stormMs, 2),
      throughput: round(two.throughput / one.throughput, 2),
      p50: round(two.p50 / one.p50, 2),
      p95: round(two.p95 / one.p95, 2),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Failover under load

async function measureFailover(cluster, api, token, site) {
  const [, b] = cluster.instances;
  const posts = await api("GET", "/items/posts?filter[status][_eq]=published&limit=2&sort=id&fields=id");
  const kinds = [
    { name: "planned (drain, 2 s, SIGTERM)", stop: () => b.stop() },
    { name: "SIGTERM alone (the instance drains itself)", stop: () => b.stop({ drain: false }) },
    { name: "SIGKILL (crash)", stop: () => b.kill() },
  ];
  const out = [];
  for (const kind of kinds) {
    const from = site.calls.length;
    const reads = [];
    const saves = [];
    let running = true;
    let phase = "before";
    const reader = async () => {
      const request = { body: JSON.stringify({ query: '{ posts(limit: 5, sort: ["-id"]) { id title } }' }) };
      while (running) reads.push({ ...(await send(cluster.url, token, request)), phase });
    };
    const editor = async (index) => {
      for (let n = 1; running; n++) {
        const started = performance.now();
        const create = n % 2 === 0;
        const path = create ? "/items/search_proposals" : `/items/posts/${posts[index].id}`;
        const body = create
          ? { status: "draft", label: `bench ${Date.now()} ${index} ${n}`, query: "bench" }
          : { title: `bench ${index} ${n}` };
        try {
          const res = await fetch(cluster.url + path, {
            method: create ? "POST" : "PATCH",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${cluster.config.adminToken}` },
            body: JSON.stringify(body),
          });
          const json = await res.json().catch(() => null);
          saves.push({
            ok: res.ok,
            phase,
            ms: performance.now() - started,
            collection: create ? "search_proposals" : "posts",
            key: String(create ? json?.data?.id : posts[index].id),
          });
        } catch {
          saves.push({ ok: false, phase, ms: performance.now() - started });
        }
      }
    };
    const loops = [...Array.from({ length: 8 }, reader), editor(0), editor(1)];
    while (reads.length < 100) await sleep(50);
    phase = "stop";
    const stopStarted = performance.now();
    await kind.stop();
    const exitedMs = performance.now() - stopStarted;
    const downMs = await cluster.balancer.waitFor({ b: "DOWN" }).catch(() => null);
    phase = "after";
    const readsAt = reads.length;
    while (reads.length < readsAt + 200) await sleep(50);
    running = false;
    await Promise.all(loops);
    // Webhooks: every acknowledged save should have one; wait for them (bounded) with a sentinel last.
    const sentinel = await api("POST", "/items/search_proposals", { status: "draft", label: `bench sentinel ${Date.now()}`, query: "x" });
    const count = (collection, key) => site.calls.slice(from).filter((c) => c?.collection === collection && c.keys?.includes(key)).length;
    const expected = new Map();
    for (const save of saves.filter((s) => s.ok))
      expected.set(`${save.collection}/${save.key}`, (expected.get(`${save.collection}/${save.key}`) ?? 0) + 1);
    for (let waited = 0; count("search_proposals", String(sentinel.id)) < 1 && waited < 15_000; waited += 100) await sleep(100);
    const lost = [...expected].reduce((sum, [key, n]) => sum + Math.max(0, n - count(...key.split("/"))), 0);
    const during = reads.filter((r) => r.phase !== "before");
    const result = {
      kind: kind.name,
      exitedMs: round(exitedMs, 0),
      downMs,
      readsDuring: during.length,
      readsFailed: reads.filter((r) => !r.ok).length,
      slowestReadMs: round(Math.max(...during.map((r) => r.ms)), 0),
      saves: saves.length,
      savesFailed: saves.filter((s) => !s.ok).length,
      webhooksLost: lost,
    };
    out.push(result);
    log(`failover, ${kind.name}: ${JSON.stringify(result)}`);
    await b.start();
    await cluster.balancer.waitFor({ b: "UP" });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

function toMarkdown(report) {
  const lines = [
    `# Cluster bench ${report.date}`,
    "",
    `${report.machine.cores} cores, ${report.machine.model}, Node ${report.machine.node}`,
    "",
  ];
  if (report.storm) {
    const s = report.storm;
    lines.push(
      `## Cache-miss storm: ${s.requests} distinct GraphQL reads (${s.operations} site operations), ${s.concurrency} in flight, median of ${s.rounds} rounds`,
      "",
      "| | storm (ms) | reads/s | p50 (ms) | p95 (ms) | slowest (ms) | Directus CPU per read (ms) | failed | load |",
      "|---|---|---|---|---|---|---|---|---|",
      ...["one", "two"].map((mode) => {
        const m = s[mode];
        return `| ${mode === "one" ? "one instance" : "two instances"} | ${m.stormMs} | ${m.throughput} | ${m.p50} | ${m.p95} | ${m.max} | ${m.cpuMsPerRequest} | ${m.failed} | ${m.load} |`;
      }),
      `| two ÷ one | ${s.ratio.stormMs}× | ${s.ratio.throughput}× | ${s.ratio.p50}× | ${s.ratio.p95}× | | | | |`,
      "",
    );
  }
  if (report.failover) {
    lines.push(
      "## Failover under load (8 readers, 2 editors through the balancer; instance b stopped)",
      "",
      "| stop | b gone after (ms) | DOWN at the balancer after (ms) | reads during | failed reads | slowest read (ms) | saves | failed saves | webhooks lost |",
      "|---|---|---|---|---|---|---|---|---|",
      ...report.failover.map(
        (f) =>
          `| ${f.kind} | ${f.exitedMs} | ${f.downMs ?? "–"} | ${f.readsDuring} | ${f.readsFailed} | ${f.slowestReadMs} | ${f.saves} | ${f.savesFailed} | ${f.webhooksLost} |`,
      ),
      "",
    );
  }
  return lines.join("\n");
}

const site = await startRecorder(sitePort);
const t0 = Date.now();
log(
  "cluster: starting PostgreSQL, Redis, two Directus instances and HAProxy (the first time on this PostgreSQL it seeds a template: about a minute)",
);
const cluster = await startCluster({
  ports,
  database: "meridian_bench_cluster",
  dataDir: join(root, "cms", "data-cluster-bench"),
  siteUrl: site.url,
  fresh: true,
  templatePort: base + 7,
  env: { LOG_LEVEL: "warn" },
  log: (m) => /^(cluster|postgres):/.test(m) && log(m),
});
const report = { date: new Date().toISOString(), machine: machine() };
try {
  const api = createApi(cluster.url, cluster.config.adminToken);
  if (!skip.has("storm")) report.storm = await measureStorms(cluster, api, cluster.config.readToken);
  if (!skip.has("failover")) report.failover = await measureFailover(cluster, api, cluster.config.readToken, site);
} finally {
  await cluster.stop();
  site.close();
}
report.seconds = Math.round((Date.now() - t0) / 1000);
const markdown = toMarkdown(report);
const outDir = join(root, args.out);
mkdirSync(outDir, { recursive: true });
const stampName = report.date.replace(/[:.]/g, "-");
for (const name of [`cluster-${stampName}`, "cluster-latest"]) {
  writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(outDir, `${name}.md`), `${markdown}\n`);
}
console.log(`\n${markdown}\n(${report.seconds} s; ${join(args.out, "cluster-latest.md")})`);
