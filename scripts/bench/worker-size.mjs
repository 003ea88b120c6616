#!/usr/bin/env node
// What the worker bundle is made of: every module of dist/worker (index.js and its chunks),
// raw and gzip -9 per file, and the biggest source modules by their share of the minified code
// (read from the build's source maps), the gzip of each module's own code alone beside it.
//   node scripts/bench/worker-size.mjs [--dir dist/worker] [--top 40] [--by package] [--build]
// --build runs `scripts/build.mjs --env prod` first. Wrangler's own figure: `wrangler deploy
// --dry-run --outdir <tmp>` (scripts/bench/stack.mjs), which uploads the same files.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { root } from "../lib/processes.mjs";

const { values: args } = parseArgs({
  options: {
    dir: { type: "string", default: "dist/worker" },
    top: { type: "string", default: "40" },
    by: { type: "string", default: "module" },
    build: { type: "boolean", default: false },
  },
});
if (args.build) execFileSync(process.execPath, [join(root, "scripts/build.mjs"), "--env", "prod"], { cwd: root, stdio: "inherit" });

const dir = join(root, args.dir);
const gzip = (text) => gzipSync(text, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function filesUnder(base, prefix = "") {
  return readdirSync(join(base, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(base, join(prefix, entry.name)) : [join(prefix, entry.name)],
  );
}

const B64 = Object.fromEntries([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]));
/** Source map v3 mappings → per generated line, [column, sourceIndex] segments. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(";")) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64[char];
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) {
        source += values[1];
        segments.push([column, source]);
      } else segments.push([column, -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** The generated code of each source of one file, from its source map. */
function codeBySource(code, map) {
  const bySource = new Map();
  const lines = code.split("\n");
  const mapped = decodeMappings(map.mappings);
  const add = (source, text) => bySource.set(source, (bySource.get(source) ?? "") + text);
  lines.forEach((line, index) => {
    const segments = mapped[index] ?? [];
    if (segments.length === 0) {
      add("(unmapped)", `${line}\n`);
      return;
    }
    if (segments[0][0] > 0) add("(unmapped)", line.slice(0, segments[0][0]));
    segments.forEach(([column, source], i) => {
      const end = i + 1 < segments.length ? segments[i + 1][0] : line.length;
      add(source < 0 ? "(unmapped)" : map.sources[source], line.slice(column, end));
    });
  });
  return bySource;
}

const normalize = (source) => {
  const path = source.replace(/^(\.\.\/)+/, "").replace(/\?.*$/, "");
  if (args.by !== "package") return path;
  const pkg = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const feature = path.match(/^src\/features\/[^/]+/);
  return feature ? feature[0] : path.split("/").slice(0, 2).join("/");
};

if (!existsSync(join(dir, "index.js"))) throw new Error(`${relative(root, dir)}/index.js is missing: build first (--build)`);
const files = filesUnder(dir).filter((file) => /\.m?js$/.test(file));
const perFile = [];
/** source → { raw, code: string[], files: Set } */
const perSource = new Map();
for (const file of files) {
  const code = readFileSync(join(dir, file), "utf8");
  perFile.push({ file, raw: Buffer.byteLength(code), gzip: gzip(code) });
  const mapPath = join(dir, `${file}.map`);
  if (!existsSync(mapPath)) continue;
  for (const [source, text] of codeBySource(code, JSON.parse(readFileSync(mapPath, "utf8")))) {
    const key = normalize(source);
    const entry = perSource.get(key) ?? { raw: 0, code: [], files: new Set() };
    entry.raw += Buffer.byteLength(text);
    entry.code.push(text);
    entry.files.add(file);
    perSource.set(key, entry);
  }
}

/** What the worker evaluates at start: index.js and the chunks it imports statically, transitively. */
const startup = new Set();
const visit = (file) => {
  if (startup.has(file) || !files.includes(file)) return;
  startup.add(file);
  const code = readFileSync(join(dir, file), "utf8");
  for (const [, spec] of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g))
    visit(join(dirname(file), spec));
};
visit("index.js");

perFile.sort((a, b) => b.gzip - a.gzip);
const total = perFile.reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }), { raw: 0, gzip: 0 });
console.log(
  `Worker bundle (${relative(root, dir)}): ${perFile.length} modules, ${kb(total.raw)} raw, ${kb(total.gzip)} gzip -9 (sum per file)`,
);
const atStart = perFile.filter((f) => startup.has(f.file));
const startGzip = gzip(atStart.map((f) => readFileSync(join(dir, f.file), "utf8")).join("\n"));
console.log(
  `All modules gzipped together (as wrangler counts): ${kb(gzip(perFile.map((f) => readFileSync(join(dir, f.file), "utf8")).join("\n")))}; ` +
    `at start (index.js and its static imports, ${atStart.length} modules): ${kb(atStart.reduce((sum, f) => sum + f.raw, 0))} raw, ${kb(startGzip)} gzip`,
);
for (const f of perFile.slice(0, Number(args.top)))
  console.log(`  ${kb(f.gzip).padStart(9)} gzip ${kb(f.raw).padStart(9)} raw  ${startup.has(f.file) ? "start" : "lazy "}  ${f.file}`);

const sources = [...perSource].map(([source, { raw, code, files: in_ }]) => ({ source, raw, gzip: gzip(code.join("")), files: [...in_] }));
sources.sort((a, b) => b.raw - a.raw);
console.log(
  `\nBiggest ${args.by === "package" ? "packages and features" : "source modules"} (minified bytes from the source maps; gzip of that code alone):`,
);
for (const s of sources.slice(0, Number(args.top)))
  console.log(`  ${kb(s.raw).padStart(9)} raw ${kb(s.gzip).padStart(9)} gzip  ${s.source}  [${s.files.join(", ")}]`);
