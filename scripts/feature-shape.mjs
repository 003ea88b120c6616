#!/usr/bin/env node
// How self-contained the features (src/features/<name>/) are: before/after figures for a refactor.
//   node scripts/feature-shape.mjs [--verbose] [--json]
// Everything is derived from the tree (git ls-files, dependency-cruiser), so folder renames and tests
// moving into feature folders need no change here. Method:
// 1. Files outside a feature's folder that belong to it: tracked files outside src/features (not docs/,
//    lockfiles, generated files). A file belongs to X when (a) the words of its base name (extension and
//    suffixes such as .server/.test dropped, camelCase split), or else of its nearest folder, contain one of
//    X's names as whole words: X, its singular or plural, the CMS collections X owns (`collection: "…"` in X's
//    content-type descriptors, and the top-level fields of the GraphQL queries in X's *queries.ts that the CMS
//    schema knows); the name found earliest wins; or else (b) it imports modules of exactly one feature, X.
// 2. Imports bypassing a feature's face: imports into src/features/X/… from the app (src/ outside the
//    features, by dependency-cruiser) and from tests outside the features (a scan of import specifiers) whose
//    target is not X's public module (index.ts(x), index.server.ts(x), feature.ts, feature.server.ts at X's root).
// 3. Unit cycles: a unit is src/features/<name>, src/<folder> or a file at the top of src; strongly connected
//    groups of units over the imports of src/ (tests excluded), with type-only imports and without.
// 4. File cycles: strongly connected groups of modules of src/ (tests excluded), with type-only imports and without.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { basename, dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const asJson = args.includes("--json");
const verbose = args.includes("--verbose");

const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const SOURCE_FILE = /\.([cm]?js|[cm]?ts|tsx|jsx)$/;
const NOT_COUNTED = /^docs\/|(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml)$|(^|[/.])generated\b|\.graphql$|^cms\/schema\//;
// pages.ts (its route table entries) and boot.ts (what the first-load script takes) count as faces, as the lint's rule has them.
const FACE = /^(index(\.server)?\.tsx?|feature(\.server)?\.ts|pages\.ts|boot\.ts)$/;
const read = (path) => readFileSync(join(root, path), "utf8");

const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 })
  .split("\0")
  .filter(Boolean);
const tracked = new Set(files);
const featureOf = (path) => /^src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
const features = [...new Set(files.map(featureOf).filter(Boolean))].sort();
const filesOf = (feature) => files.filter((path) => featureOf(path) === feature);

/** Lowercase words of a name: `SearchProposals`, `search-proposals` and `search_proposals` alike. */
const wordsOf = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .split(/[-_\s]+/)
    .filter(Boolean);
/** A file's own name: no extension and no suffixes (`page.server.test.ts` → `page`). */
const stemOf = (path) => basename(path).replace(/^\.+/, "").split(".")[0];
const singularAndPlural = (name) =>
  name.endsWith("ies") ? [name, `${name.slice(0, -3)}y`] : name.endsWith("s") ? [name, name.slice(0, -1)] : [name, `${name}s`];

/** The collections the CMS schema knows (snapshot and content-types list), to tell a collection from any field. */
function schemaCollections() {
  const names = new Set();
  for (const path of files.filter((file) => file.startsWith("cms/"))) {
    if (/\.ya?ml$/.test(path)) for (const [, name] of read(path).matchAll(/^ {2}- collection: (\w+)/gm)) names.add(name);
    if (path.endsWith("content-types.json")) for (const [, name] of read(path).matchAll(/"collection":\s*"(\w+)"/g)) names.add(name);
  }
  return names;
}

/** Top-level fields of the GraphQL queries in a source text (Directus names a collection, or `<collection>_by_id`). */
function queriedFields(text) {
  const fields = [];
  for (const match of text.matchAll(/\bquery\s+[A-Z]\w*\s*(\([^)]*\))?\s*\{/g)) {
    let braces = 1;
    let parens = 0;
    for (let at = match.index + match[0].length; at < text.length && braces > 0; at++) {
      const char = text[at];
      if (char === "{") braces++;
      else if (char === "}") braces--;
      else if (char === "(") parens++;
      else if (char === ")") parens--;
      else if (braces === 1 && parens === 0 && /[a-z_]/.test(char) && !/[\w.$]/.test(text[at - 1])) {
        const name = /^\w+/.exec(text.slice(at))[0];
        fields.push(name.replace(/_(by_id|by_version|aggregated)$/, ""));
        at += name.length - 1;
      }
    }
  }
  return fields;
}

/** Each feature's names: itself, singular/plural, and the CMS collections it declares or alone reads. */
function featureNames() {
  const known = schemaCollections();
  const declared = new Map();
  const readBy = new Map();
  for (const path of files.filter((file) => file.startsWith("src/"))) {
    const feature = featureOf(path);
    if (feature && /content-type[^/]*\.tsx?$/.test(path))
      for (const [, name] of read(path).matchAll(/\bcollection:\s*"(\w+)"/g)) if (!declared.has(name)) declared.set(name, feature);
    // Queries in *queries.ts or a queries/ folder; a collection the shared layers read too (site_settings) is nobody's.
    if (/(^|[/.])queries(\.tsx?$|\/)/.test(path))
      for (const name of queriedFields(read(path)))
        if (!known.size || known.has(name)) readBy.set(name, new Set([...(readBy.get(name) ?? []), feature ?? "shared"]));
  }
  const owner = new Map(declared);
  for (const [name, readers] of readBy) if (!owner.has(name) && readers.size === 1) owner.set(name, [...readers][0]);
  return new Map(
    features.map((feature) => [
      feature,
      [...new Set([...singularAndPlural(feature), ...[...owner].filter(([, of]) => of === feature).map(([name]) => name)])].map(wordsOf),
    ]),
  );
}

/** Where `names` occur as a run of whole words in `words` (the earliest, longest first), or null. */
function earliestName(words, namesByFeature) {
  let best = null;
  for (const [feature, names] of namesByFeature)
    for (const name of names)
      for (let at = 0; at + name.length <= words.length; at++)
        if (name.every((word, i) => words[at + i] === word)) {
          if (!best || at < best.at || (at === best.at && name.length > best.length))
            best = { feature, at, length: name.length, name: name.join("-") };
          break;
        }
  return best;
}

/** Relative import specifiers of a source file, resolved to tracked files the simple way. */
function importsOf(path) {
  const targets = new Set();
  const text = read(path);
  for (const match of text.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']|\bimport\s+["']([^"']+)["']/g)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier.startsWith(".")) continue;
    const base = posix.normalize(posix.join(posix.dirname(path), specifier));
    const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}.js`, `${base}/index.ts`, `${base}/index.tsx`];
    const found = [...candidates, base.replace(/\.js$/, ".ts")].find((candidate) => tracked.has(candidate));
    if (found) targets.add(found);
  }
  return [...targets];
}

/** Metric 1: the files outside src/features that belong to each feature, with the reason. */
function filesOutside() {
  const namesByFeature = featureNames();
  const outside = new Map(features.map((feature) => [feature, []]));
  for (const path of files) {
    if (featureOf(path) || NOT_COUNTED.test(path)) continue;
    const folders = dirname(path).split("/").reverse();
    const byName = earliestName(wordsOf(stemOf(path)), namesByFeature);
    const byFolder = byName ? null : folders.map((folder) => earliestName(wordsOf(folder), namesByFeature)).find(Boolean);
    if (byName || byFolder) {
      const hit = byName ?? byFolder;
      outside.get(hit.feature).push({ path, why: `${byName ? "name" : "folder"} ${hit.name}` });
      continue;
    }
    if (!SOURCE_FILE.test(path)) continue;
    const imported = [...new Set(importsOf(path).map(featureOf).filter(Boolean))];
    if (imported.length === 1) outside.get(imported[0]).push({ path, why: "imports only this feature" });
  }
  return outside;
}

/** dependency-cruiser's modules of src/ without tests; it exits non-zero on rule violations, so read stdout anyway. */
function cruise() {
  const args = ["src", "--config", ".dependency-cruiser.cjs", "--output-type", "json"];
  const result = spawnSync(join(root, "node_modules/.bin/depcruise"), args, { cwd: root, encoding: "utf8", maxBuffer: 256 << 20 });
  if (!result.stdout) throw new Error(`dependency-cruiser did not report: ${result.stderr}`);
  return JSON.parse(result.stdout).modules.filter((module) => module.source.startsWith("src/") && !TEST_FILE.test(module.source));
}
// As scripts/lint-layers.mjs: type-only imports are erased before anything runs.
const isTypeOnly = (dependency) => dependency.dependencyTypes.some((type) => type.startsWith("type-"));
const localImports = (module) => module.dependencies.filter((dependency) => dependency.resolved.startsWith("src/"));

/** Metric 2: imports into each feature from the app and from tests, and those that miss the feature's face. */
function faceBypasses(modules) {
  const faces = new Map(
    features.map((feature) => [feature, filesOf(feature).filter((path) => path.split("/").length === 4 && FACE.test(basename(path)))]),
  );
  const bypassing = new Map(features.map((feature) => [feature, { app: 0, tests: 0 }]));
  const totals = { app: { imports: 0, bypassing: 0, typeOnly: 0 }, tests: { imports: 0, bypassing: 0 } };
  const count = (side, to, typeOnly = false) => {
    const feature = featureOf(to);
    if (!feature) return;
    totals[side].imports++;
    if (typeOnly) totals[side].typeOnly++;
    if (faces.get(feature).includes(to)) return;
    totals[side].bypassing++;
    bypassing.get(feature)[side]++;
  };
  for (const module of modules.filter((module) => !featureOf(module.source)))
    for (const dependency of localImports(module)) count("app", dependency.resolved, isTypeOnly(dependency));
  // Tests are not cruised (the config excludes them): their imports come from the simple scan.
  const isTestSide = (path) => !featureOf(path) && SOURCE_FILE.test(path) && (TEST_FILE.test(path) || /(^|\/)tests?\//.test(path));
  for (const path of files.filter(isTestSide)) for (const to of importsOf(path)) count("tests", to);
  return { faces, bypassing, totals };
}

/** Strongly connected groups of more than one node (Tarjan) of a Map(from → Map(to → example imports)). */
function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) visit(to);
      if (stack.includes(to)) low.set(node, Math.min(low.get(node), low.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = stack.splice(stack.indexOf(node)).sort();
    if (group.length > 1) groups.push(group);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  const edgesWithin = (group) =>
    group.flatMap((from) =>
      [...graph.get(from)]
        .filter(([to]) => group.includes(to))
        .map(([to, examples]) => ({ from, to, example: examples[0], count: examples.length })),
    );
  return groups.map((members) => ({ members, edges: edgesWithin(members) }));
}

/** The unit of a module: src/features/<name>, src/<folder>, or a file at the top of src. */
const unitOf = (path) => {
  const parts = path.split("/");
  return parts.slice(0, parts[1] === "features" ? 3 : 2).join("/");
};

/** The import graph of src/ between nodes (`nodeOf` a module), with or without type-only imports. */
function importGraph(modules, nodeOf, withTypes) {
  const graph = new Map();
  for (const module of modules)
    for (const dependency of localImports(module)) {
      const [from, to] = [nodeOf(module.source), nodeOf(dependency.resolved)];
      if (from === to || TEST_FILE.test(dependency.resolved) || (!withTypes && isTypeOnly(dependency))) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const example = `${module.source} → ${dependency.resolved}${isTypeOnly(dependency) ? " (type)" : ""}`;
      graph.get(from).set(to, [...(graph.get(from).get(to) ?? []), example]);
    }
  return graph;
}
const bothWays = (modules, nodeOf) => ({
  withTypes: cycles(importGraph(modules, nodeOf, true)),
  withoutTypes: cycles(importGraph(modules, nodeOf, false)),
});

const modules = cruise();
const outside = filesOutside();
const { faces, bypassing, totals } = faceBypasses(modules);
const report = {
  features: features.map((feature) => ({
    feature,
    inFolder: filesOf(feature).length,
    outside: outside.get(feature),
    faces: faces.get(feature),
    bypassing: bypassing.get(feature),
  })),
  inFolders: files.filter(featureOf).length,
  outside: [...outside.values()].flat().length,
  withoutFace: features.filter((feature) => !faces.get(feature).length),
  imports: totals,
  unitCycles: bothWays(modules, unitOf),
  fileCycles: bothWays(modules, (path) => path),
  method:
    "outside files = tracked files outside src/features (no docs/, lockfiles, generated) whose base name (else folder) has a feature's name, singular/plural or CMS collection as whole words, else that import only that feature; face = index(.server).ts(x), feature(.server).ts, pages.ts or boot.ts at a feature's root; cycles over src/ without tests, by dependency-cruiser.",
};
if (asJson) {
  console.log(JSON.stringify(report, null, 2));
  process.exit(0);
}

const pad = (value, width) => String(value).padStart(width);
console.log("1. Feature files outside the feature's folder, and 2. its face and the imports that bypass it");
console.log(`   ${"feature".padEnd(14)} in folder  outside   ${"face".padEnd(48)} bypassing (app / tests)`);
for (const { feature, inFolder, outside: list, faces: own, bypassing: by } of report.features) {
  const face = own.map((path) => basename(path)).join(" + ") || "—";
  console.log(`   ${feature.padEnd(14)} ${pad(inFolder, 9)} ${pad(list.length, 8)}   ${face.padEnd(48)} ${pad(by.app, 3)} / ${by.tests}`);
  if (verbose) for (const { path, why } of list) console.log(`        ${path}  (${why})`);
}
console.log(`   ${"total".padEnd(14)} ${pad(report.inFolders, 9)} ${pad(report.outside, 8)}`);
const { app, tests } = report.imports;
console.log(`\n2. Imports of features that bypass their face
   app (src/ outside features): ${app.bypassing} of ${app.imports} bypass the face (${app.typeOnly} of the ${app.imports} are type-only)
   tests outside features:      ${tests.bypassing} of ${tests.imports} bypass the face
   ${report.withoutFace.length} of ${features.length} features have no face: ${report.withoutFace.join(", ") || "—"}`);
const printCycles = (title, groups, withEdges) => {
  console.log(`   ${title}: ${groups.length} cycle${groups.length === 1 ? "" : "s"}`);
  for (const { members, edges } of groups) {
    console.log(`     · ${members.join(", ")}`);
    if (withEdges) for (const { from, to, example, count } of edges) console.log(`         ${from} → ${to} (${count}): e.g. ${example}`);
  }
};
console.log("\n3. Cycles between units (src/features/<name>, src/<folder>, top-level files of src; tests excluded)");
printCycles("counting type-only imports", report.unitCycles.withTypes, true);
printCycles("without type-only imports", report.unitCycles.withoutTypes, true);
console.log("\n4. Cycles between modules of src/ (tests excluded)");
printCycles("counting type-only imports", report.fileCycles.withTypes, verbose);
printCycles("without type-only imports", report.fileCycles.withoutTypes, verbose);
console.log(`\nmethod: ${report.method}`);
