#!/usr/bin/env node
// The recipes of docs/ARCHITECTURE.md, followed literally on a copy of the tree: a code page, a
// CMS content type and a block are added, each as a new folder plus one line elsewhere, the
// generated files are regenerated with the commands the recipe names, and then the type check,
// the lint and the new parts' own tests run. Prints, per recipe, the files written by hand inside
// its folder, outside it, and the files the commands regenerated; fails when a recipe writes a file
// outside its folder other than its one line, or when a check fails.
//   node scripts/recipes.mjs [--keep]   (--keep leaves the copy in .tmp/recipes for a look)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { root } from "./lib/processes.mjs";
import { recipes } from "./recipes/index.mjs";

const keep = process.argv.includes("--keep");
const copy = join(root, ".tmp", "recipes");

/** The tree as git sees it (tracked and new files, not ignored ones), copied; dependencies linked. */
function copyTree() {
  rmSync(copy, { recursive: true, force: true });
  const files = spawnSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" })
    .stdout.split("\0")
    .filter((file) => file && existsSync(join(root, file)));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
  symlinkSync(join(root, "cms", "node_modules"), join(copy, "cms", "node_modules"));
}

/** Every file of the copy (as git would see it) with its content's digest. */
function digests() {
  const files = spawnSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: copy, encoding: "utf8" })
    .stdout.split("\0")
    .filter((file) => file && lstatSync(join(copy, file)).isFile()); // not the linked node_modules
  return new Map(
    files.map((file) => [
      file,
      createHash("sha256")
        .update(readFileSync(join(copy, file)))
        .digest("hex"),
    ]),
  );
}

const changedBetween = (before, after) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file)).sort();

function command(name, args, { env = {} } = {}) {
  const [program, ...rest] = args;
  const started = Date.now();
  const executable = program === "node" ? process.execPath : program === "npm" ? "npm" : join(copy, "node_modules/.bin", program);
  const result = spawnSync(executable, rest, {
    cwd: copy,
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`recipes: ${name} failed (${seconds} s):\n${(result.stdout + result.stderr).trim().split("\n").slice(-40).join("\n")}`);
    return false;
  }
  console.log(`  ${name}: ok (${seconds} s)`);
  return true;
}

/** Lines of a file that are new since the tree was copied (git's line diff against the copy's first commit). */
function addedLines(file) {
  const diff = spawnSync("git", ["diff", "--numstat", "HEAD", "--", file], { cwd: copy, encoding: "utf8" }).stdout.trim();
  return Number(diff.split("\t")[0]) || 0;
}

/** Writes a recipe's new files and its one-line edits; returns the files it wrote by hand. */
function apply(recipe) {
  for (const [file, text] of Object.entries(recipe.files)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    writeFileSync(join(copy, file), typeof text === "function" ? text(copy) : text);
  }
  for (const edit of recipe.lines) {
    const path = join(copy, edit.file);
    const text = readFileSync(path, "utf8");
    const next = edit.change(text);
    if (next === text) throw new Error(`${recipe.name}: the recipe's line in ${edit.file} found nowhere to go`);
    writeFileSync(path, next);
  }
}

copyTree();
// A repository of the copy, so each recipe's lines can be counted against the tree before it.
for (const args of [
  ["init", "-q"],
  ["add", "-A"],
  ["-c", "user.email=recipes@localhost", "-c", "user.name=recipes", "commit", "-qm", "before"],
])
  spawnSync("git", args, { cwd: copy });
let failed = false;
const report = [];
// Built once first, as a developer's tree is (the worker's tests read the asset manifest).
if (!command("build (before the recipes)", ["node", "scripts/build.mjs"])) failed = true;
for (const recipe of recipes) {
  console.log(`\n== ${recipe.name}`);
  const before = digests();
  apply(recipe);
  const byHand = changedBetween(before, digests());
  const lines = byHand.filter((file) => !file.startsWith(`${recipe.folder}/`)).reduce((sum, file) => sum + addedLines(file), 0);
  for (const [name, args] of recipe.generate) if (!command(name, args)) failed = true;
  const all = changedBetween(before, digests());
  const inside = byHand.filter((file) => file.startsWith(`${recipe.folder}/`));
  const outside = byHand.filter((file) => !file.startsWith(`${recipe.folder}/`));
  const generated = all.filter((file) => !byHand.includes(file));
  report.push(
    `${recipe.name}: ${inside.length} files in ${recipe.folder}/, ${outside.length} outside (${outside.join(", ") || "none"}: ${lines} line${lines === 1 ? "" : "s"} added), ` +
      `${generated.length} regenerated (${generated.join(", ") || "none"})`,
  );
  const allowed = new Set(recipe.lines.map((edit) => edit.file));
  const stray = outside.filter((file) => !allowed.has(file));
  // Commit the recipe, so the next one is counted against the tree with this one in it.
  spawnSync("git", ["-c", "user.email=recipes@localhost", "-c", "user.name=recipes", "commit", "-qam", recipe.name], { cwd: copy });
  spawnSync("git", ["add", "-A"], { cwd: copy });
  spawnSync("git", ["-c", "user.email=recipes@localhost", "-c", "user.name=recipes", "commit", "-qm", recipe.name], { cwd: copy });
  if (stray.length || outside.length > 1) {
    console.error(`recipes: ${recipe.name} wrote outside its folder beyond its one line: ${outside.join(", ")}`);
    failed = true;
  }
}

console.log("\n== checks on the tree with all three recipes");
for (const [name, args, options] of [
  ["build (codegen, assets)", ["node", "scripts/build.mjs"]],
  ["type check", ["tsc", "--noEmit"]],
  ["biome (format and lint)", ["biome", "check", "--diagnostic-level=error", "."]],
  ["knip", ["knip", "--no-progress"]],
  ["layers", ["node", "scripts/lint-layers.mjs"]],
  ...recipes.flatMap((recipe) => recipe.checks),
])
  if (!command(name, args, options)) failed = true;

console.log(`\n${report.join("\n")}`);
if (!keep) rmSync(copy, { recursive: true, force: true });
if (failed) {
  console.error("recipes: failed");
  process.exit(1);
}
console.log("recipes: each is its folder and one line");
