#!/usr/bin/env node
// Install Directus into cms/node_modules (called by the root `postinstall`). Idempotent: a stamp
// records the package.json + lockfile hash and the Node ABI; when they match, this exits at once.
// The first install takes 2-4 minutes (sqlite3 is compiled from source), so it shows progress.
//
// Native addons must be built against the headers of the Node that will run Directus (the npm
// `node` package, Node 24), not ~/.npmrc's nodedir=/usr (Node 20): npm_config_nodedir is set to
// the headers folder next to process.execPath. Set CMS_SKIP_INSTALL=1 to skip entirely.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream, existsSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const CMS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const NM = join(CMS_DIR, "node_modules");
const STAMP = join(NM, ".meridian-install-stamp");
const LOG = join(tmpdir(), "meridian-cms-install.log");
const log = (m) => console.log(`cms: ${m}`);

if (process.env.CMS_SKIP_INSTALL === "1") {
  log("CMS_SKIP_INSTALL=1, skipping the Directus install");
  process.exit(0);
}

const major = Number(process.versions.node.split(".")[0]);
if (major < 22) {
  console.error(
    `cms: Directus needs Node >= 22 to install and run; this is ${process.version}.\n` +
      "     Run with the project Node first on PATH: PATH=node_modules/.bin:$PATH node cms/scripts/install.mjs",
  );
  process.exit(1);
}

const stamp = createHash("sha256")
  .update(readFileSync(join(CMS_DIR, "package.json")))
  .update(existsSync(join(CMS_DIR, "package-lock.json")) ? readFileSync(join(CMS_DIR, "package-lock.json")) : "")
  .update(`${process.platform}-${process.arch}-abi${process.versions.modules}`)
  .digest("hex");

const installed = () =>
  existsSync(join(NM, "@directus", "api", "dist", "cli", "run.js")) &&
  existsSync(join(NM, "sqlite3", "build", "Release", "node_sqlite3.node"));

if (installed() && existsSync(STAMP) && readFileSync(STAMP, "utf8").trim() === stamp) {
  log("Directus already installed (cms/node_modules matches the lockfile)");
  process.exit(0);
}

/** Folder whose include/node/ holds the headers of the running Node. */
function findNodeDir() {
  if (process.env.CMS_NODEDIR) return process.env.CMS_NODEDIR;
  const bin = dirname(realpathSync(process.execPath));
  const candidates = [resolve(bin, ".."), resolve(bin, "..", "node_modules", `node-${process.platform}-${process.arch}`)];
  for (const dir of candidates) {
    const versionH = join(dir, "include", "node", "node_version.h");
    if (!existsSync(versionH)) continue;
    const m = readFileSync(versionH, "utf8").match(/#define NODE_MAJOR_VERSION (\d+)/);
    if (m && Number(m[1]) === major) return dir;
  }
  return null;
}

/** How to run npm with this Node. */
function npmCommand() {
  const fromNpm = process.env.npm_execpath;
  if (fromNpm && /npm-cli\.js$/.test(fromNpm)) return [process.execPath, fromNpm];
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const p = join(dir, "npm");
    if (!existsSync(p)) continue;
    const real = realpathSync(p);
    return real.endsWith(".js") ? [process.execPath, real] : [real];
  }
  throw new Error("npm not found on PATH");
}

// Environment for the nested npm: drop the parent npm's per-run settings (prefix, command,
// lifecycle variables) so they cannot redirect the install to the root project.
const KEEP = /^npm_config_(registry|cache|userconfig|globalconfig|proxy|https_proxy|noproxy|strict_ssl|cafile|ca|fetch_.*)$/i;
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) || KEEP.test(k)));
const nodedir = findNodeDir();
if (nodedir) env.npm_config_nodedir = nodedir;
else
  log(`warning: no Node ${major} headers found next to ${process.execPath}; native addons may fail (try \`npm rebuild node\` in the root)`);
env.BT_SKIP_DOWNLOAD = "1";
env.PATH = `${dirname(process.execPath)}${delimiter}${env.PATH ?? ""}`;

const [cmd, ...pre] = npmCommand();
const args = [...pre, "ci", "--no-audit", "--no-fund", "--foreground-scripts", "--loglevel=warn"];
const t0 = Date.now();
log(`installing Directus into cms/node_modules (first time: 2-4 min, compiles sqlite3; log: ${LOG})`);
const out = createWriteStream(LOG);
const child = spawn(cmd, args, { cwd: CMS_DIR, env, stdio: ["ignore", "pipe", "pipe"] });
let phase = "resolving and downloading packages";
let tail = "";
const onData = (d) => {
  out.write(d);
  const s = d.toString();
  tail = (tail + s).slice(-6000);
  const m = [...s.matchAll(/^> (\S+?)@\S+ (?:pre|post)?install\b/gm)].pop();
  if (m) phase = m[1] === "sqlite3" ? "compiling sqlite3 (the slow part)" : `running install script of ${m[1]}`;
};
child.stdout.on("data", onData);
child.stderr.on("data", onData);
const tty = process.stdout.isTTY;
const timer = setInterval(
  () => {
    const line = `cms:   ... ${Math.round((Date.now() - t0) / 1000)} s, ${phase}`;
    if (tty) process.stdout.write(`\r${line.padEnd(78)}`);
    else console.log(line);
  },
  tty ? 1000 : 15000,
);
const code = await new Promise((res) => child.on("close", (c, s) => res(c ?? s)));
clearInterval(timer);
out.end();
if (tty) process.stdout.write("\n");
if (code !== 0 || !installed()) {
  console.error(
    tail
      .split("\n")
      .filter((l) => !/^npm warn/.test(l))
      .slice(-40)
      .join("\n"),
  );
  console.error(`cms: npm install failed (${code}); full log: ${LOG}`);
  process.exit(1);
}
writeFileSync(STAMP, stamp + "\n");
log(`Directus installed in ${Math.round((Date.now() - t0) / 1000)} s`);
