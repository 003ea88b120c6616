#!/usr/bin/env node
// Cached-hit throughput of /_next/image next to the same file served as a static asset,
// against a running worker (wrangler dev or deployed). Plain fetch, bounded concurrency.
//
//   node scripts/bench-images.mjs http://127.0.0.1:3000 [--requests 2000] [--concurrency 16]
//        [--src /illustrations/not-found.svg]... [--w 640] [--accept "image/avif,image/webp,*/*"]
//
// For each source (a path of the site's own files), two rows: the static file itself, and
// /_next/image for it after one warm-up request (so every measured request is a cache hit;
// the X-Image-Cache column shows the share of HITs). An SVG passes through /_next/image
// unchanged, so its two rows serve the very same bytes; a raster source is resized first.
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    requests: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "16" },
    src: { type: "string", multiple: true },
    w: { type: "string", default: "640" },
    accept: { type: "string", default: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help || positionals.length !== 1) {
  console.log("usage: node scripts/bench-images.mjs <worker url> [--requests N] [--concurrency C] [--src /path]... [--w 640]");
  process.exit(values.help ? 0 : 1);
}

const base = positionals[0].replace(/\/$/, "");
const requests = positiveInt(values.requests, "--requests");
const concurrency = Math.min(positiveInt(values.concurrency, "--concurrency"), requests);
const sources = values.src?.length ? values.src : ["/illustrations/not-found.svg", "/social-card.png"];
const headers = { Accept: values.accept };

function positiveInt(text, name) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`${name} must be a positive whole number`);
    process.exit(1);
  }
  return n;
}

/** One GET, body fully read; returns status, bytes, cache state and latency. */
async function hit(url) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  return {
    status: response.status,
    bytes: body.byteLength,
    cache: response.headers.get("x-image-cache"),
    ms: performance.now() - started,
  };
}

/** `count` GETs of `url` with at most `concurrency` in flight. */
async function run(url, count = requests) {
  const results = [];
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < count) {
      next++;
      try {
        results.push(await hit(url));
      } catch (error) {
        results.push({ status: 0, bytes: 0, cache: null, ms: 0, error });
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const ok = results.filter((r) => r.status === 200);
  const latencies = ok.map((r) => r.ms).sort((a, b) => a - b);
  const pick = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : NaN);
  const withCache = ok.filter((r) => r.cache);
  return {
    ok: ok.length,
    failed: results.length - ok.length,
    rps: ok.length / seconds,
    p50: pick(0.5),
    p95: pick(0.95),
    bytes: ok[0]?.bytes ?? 0,
    hits: withCache.length ? `${Math.round((100 * withCache.filter((r) => r.cache === "HIT").length) / withCache.length)}% HIT` : "-",
  };
}

const rows = [];
for (const src of sources) {
  const staticUrl = base + src;
  const imageUrl = `${base}/_next/image?url=${encodeURIComponent(src)}&w=${values.w}&q=75`;
  const probe = await hit(staticUrl).catch((error) => ({ status: 0, error }));
  if (probe.status !== 200) {
    console.warn(`skipping ${src}: the static file answered ${probe.status || probe.error}`);
    continue;
  }
  // Warm-up: the first /_next/image request transforms and stores; the measured ones are hits.
  const warm = await hit(imageUrl);
  if (warm.status !== 200) {
    console.warn(`skipping ${src}: /_next/image answered ${warm.status}`);
    continue;
  }
  await new Promise((resolve) => setTimeout(resolve, 200)); // let the cache write land
  const check = await hit(imageUrl);
  if (check.cache !== "HIT") console.warn(`${src}: /_next/image still answers ${check.cache ?? "no X-Image-Cache"} after warm-up`);
  await run(staticUrl, Math.min(200, requests)); // warm the connections and the asset path alike
  rows.push({ what: `static ${src}`, ...(await run(staticUrl)) });
  rows.push({ what: `/_next/image ${src} w=${values.w}`, ...(await run(imageUrl)) });
}

if (!rows.length) {
  console.error("nothing to measure");
  process.exit(1);
}

const table = [
  ["", "req/s", "p50 ms", "p95 ms", "bytes", "cache", "ok", "failed"],
  ...rows.map((r) => [
    r.what,
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    String(r.bytes),
    r.hits,
    String(r.ok),
    String(r.failed),
  ]),
];
const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
console.log(`\n${base}: ${requests} requests per row, ${concurrency} in flight, Accept: ${values.accept}\n`);
for (const [index, row] of table.entries()) {
  console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  "));
  if (index === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
}
for (let i = 0; i + 1 < rows.length; i += 2) {
  const ratio = rows[i + 1].rps / rows[i].rps;
  console.log(`\n${rows[i + 1].what}: ${(ratio * 100).toFixed(0)}% of the static file's throughput`);
}
if (rows.some((r) => r.failed)) process.exitCode = 1;
