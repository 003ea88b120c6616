// The split search index's build and incremental update at the scale set's size, measured in a
// Node process whose heap is capped like a Worker isolate's (decision 019): documents come one
// at a time from the synthetic generator (as pages of a CMS query would), parts go to files (as
// to KV). Reports CPU, the peak of the heap sampled after every part written and every 500
// documents, the process's peak RSS, and what the update read and wrote; then an update of one
// item's document alone (as after a webhook that names its item: the other documents not read).
//
//   node scripts/bench/search-build.mjs [--documents 28300] [--heap 128] [--edits 1] [--live]
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { root } from "../lib/processes.mjs";
import { scaleCorpusSize } from "./search.mjs";

const { values: args } = parseArgs({
  options: {
    documents: { type: "string", default: String(scaleCorpusSize.documents) },
    heap: { type: "string", default: "128" },
    edits: { type: "string", default: "1" },
    // Forced collections to measure the live heap: CPU figures of such a run include them.
    live: { type: "boolean", default: false },
  },
});

// The child: builds into files, then applies an edit of `edits` documents (body changed) and
// one added document, reading and writing parts through the same files.
const child = `
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
const [moduleFile, benchFile, dir, count, edits, measureLive] = process.argv.slice(2);
const mod = await import(moduleFile);
const { syntheticDocuments, scaleCorpusSize } = await import(benchFile);
const now = Date.parse("2026-11-20T12:00:00Z");
// heapUsed includes garbage not yet collected; "live" is measured after a forced collection
// every 2,000 documents and every 16 parts: what the work needs to hold.
let peak = 0, live = 0, samples = 0;
// The V8 heap plus memory outside it (typed arrays' buffers): an isolate's limit counts both.
const used = () => { const m = process.memoryUsage(); return m.heapUsed + m.external; };
const sample = () => {
  const now = used();
  if (now > peak) peak = now;
  if (measureLive === "live" && ++samples % 16 === 0) { global.gc(); const held = used(); if (held > live) live = held; }
};
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
mkdirSync(dir, { recursive: true });
let writes = 0, bytes = 0, reads = 0;
const write = async (name, value) => { writes++; bytes += value.length; writeFileSync(join(dir, name), value); sample(); };
const read = async (name) => { reads++; sample(); return existsSync(join(dir, name)) ? readFileSync(join(dir, name), "utf8") : null; };
function* documents(edit) {
  let i = 0;
  for (const doc of syntheticDocuments(Number(count), 42, scaleCorpusSize.mix)) {
    if (i++ % 125 === 0) sample();
    // Each document its own item, as a post is.
    const itemised = { ...doc, item: doc.id };
    yield edit && i <= Number(edits) * 997 && i % 997 === 0 ? { ...itemised, body: doc.body + " zyxquiet" } : itemised;
  }
  if (edit) yield { id: "/blog/zyx-added", kind: "post", title: "Zyx added post", body: "A new zyxquiet post about liquid cooling.", url: "/blog/zyx-added", date: "2026-11-19T00:00:00Z" };
}
// The generator's own CPU (not part of a build in the worker, which reads documents from the CMS).
let generateStart = cpu();
for (const _ of syntheticDocuments(Number(count), 42, scaleCorpusSize.mix));
const generateCpu = cpu() - generateStart;
global.gc();
const baseline = used();
const start = cpu();
const built = await mod.writeShardedIndex(documents(false), write, { builtAt: new Date(now) });
const buildCpu = cpu() - start;
writeFileSync(join(dir, "base"), built.base);
const build = { cpuMs: Math.round(buildCpu), generatorCpuMs: Math.round(generateCpu), baselineHeapMB: +(baseline / 1e6).toFixed(1), peakHeapMB: +(peak / 1e6).toFixed(1), liveHeapMB: +(live / 1e6).toFixed(1), parts: writes, storedMB: +((bytes + built.base.length) / 1e6).toFixed(1), baseMB: +(built.base.length / 1e6).toFixed(2), shards: built.meta.shardCount, chunks: built.meta.storeChunks };
global.gc();
peak = 0; live = 0; writes = 0; bytes = 0; reads = 0;
const updateStart = cpu();
const update = await mod.updateShardedIndex(built.base, documents(true), { builtAt: new Date(now + 60_000), read, write });
const updateCpu = cpu() - updateStart;
const updateReads = reads;
writeFileSync(join(dir, "base"), update.base);
// One item's document edited, given alone.
let target;
for (const doc of syntheticDocuments(Number(count), 42, scaleCorpusSize.mix)) { target = doc; break; }
global.gc();
peak = 0; live = 0; writes = 0; bytes = 0; reads = 0;
const itemStart = cpu();
const itemUpdate = await mod.updateShardedIndex(update.base, [{ ...target, item: target.id, title: target.title + " zyxquiet" }], { builtAt: new Date(now + 120_000), read, write, items: new Set([target.id]) });
const itemCpu = cpu() - itemStart;
const index = mod.openShardedIndex(itemUpdate.base, read);
const found = await mod.searchSharded(index, "zyxquiet", { now, limit: 50 });
console.log(JSON.stringify({
  build,
  update: { cpuMs: Math.round(updateCpu), peakHeapMB: +(peak / 1e6).toFixed(1), liveHeapMB: +(live / 1e6).toFixed(1), changed: update.changed, added: update.added, removed: update.removed,
    reads: updateReads, written: update.written.length, shardsWritten: update.written.filter((n) => n.startsWith("t")).length, chunksWritten: update.written.filter((n) => n.startsWith("s")).length, writtenMB: +(bytes / 1e6).toFixed(2), baseMB: +(update.base.length / 1e6).toFixed(2) },
  itemUpdate: { cpuMs: Math.round(itemCpu), peakHeapMB: +(peak / 1e6).toFixed(1), changed: itemUpdate.changed, added: itemUpdate.added, removed: itemUpdate.removed, reads, written: itemUpdate.written.length, shardsWritten: itemUpdate.written.filter((n) => n.startsWith("t")).length },
  found: found.total,
  maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
}));
`;

const dir = mkdtempSync(join(tmpdir(), "search-build-"));
try {
  const esbuild = await import("esbuild");
  const out = await esbuild.build({
    stdin: {
      contents: `export { writeShardedIndex, updateShardedIndex } from "./src/features/search/shard-build.ts"; export { openShardedIndex, searchSharded } from "./src/features/search/shards.ts";`,
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node22",
    logLevel: "silent",
  });
  const moduleFile = join(dir, "shard-build.mjs");
  writeFileSync(moduleFile, out.outputFiles[0].text);
  const childFile = join(dir, "child.mjs");
  writeFileSync(childFile, child);
  const load = loadavg()[0];
  const output = execFileSync(
    process.execPath,
    [
      `--max-old-space-size=${args.heap}`,
      "--expose-gc",
      childFile,
      moduleFile,
      join(root, "scripts/bench/search.mjs"),
      join(dir, "parts"),
      args.documents,
      args.edits,
      args.live ? "live" : "",
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  const report = {
    documents: Number(args.documents),
    maxOldSpaceMB: Number(args.heap),
    loadAverage: [load, loadavg()[0]].map((n) => +n.toFixed(1)),
    ...JSON.parse(output.trim().split("\n").pop()),
  };
  console.log(JSON.stringify(report, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
