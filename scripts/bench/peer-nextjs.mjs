// SSR CPU against Next.js, side by side: this site's /blog rendered on every request (page cache
// off, content cache warm: the bench's "pure SSR") and a minimal Next.js pages-router app
// (scripts/bench/peer-nextjs/) that renders the same page with getServerSideProps on every
// request, measured in the same window, alternating, several rounds.
//
//   node scripts/bench/peer-nextjs.mjs [--rounds 4] [--duration 10] [--connections 10]
//        [--port 3700] [--cms-port 8755] [--cms-url http://127.0.0.1:8055] [--dir /tmp/peer-nextjs]
//
// The Next.js app is installed (npm, versions pinned in its package.json), built and started in
// --dir, outside the repo. Its data is a snapshot of the site's own /blog taken first: the head's
// tags, the page's chrome as an element tree, the posts and the site data the page hands to the
// browser, so both pages carry the same markup and data. CPU per request = user + system CPU of
// each server's processes (workerd; `next start`'s whole process group) during its runs, divided
// by the responses. Writes bench-results/peer-nextjs-<date>.{json,md} and peer-nextjs-latest.*.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { load, probe, round } from "./load.mjs";
import { buildForBench, disposeAll, groupPids, machine, root, startBenchCms, startWorkerd } from "./stack.mjs";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "4" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    port: { type: "string", default: "3700" },
    "cms-port": { type: "string", default: "8755" },
    "cms-url": { type: "string" },
    dir: { type: "string", default: "/tmp/peer-nextjs" },
    out: { type: "string", default: "bench-results" },
  },
});
const rounds = Number(args.rounds);
const duration = Number(args.duration);
const connections = Number(args.connections);
const basePort = Number(args.port);
const nextPort = basePort + 20;
const appDir = args.dir;
const log = (message) => console.log(message);
const template = join(root, "scripts/bench/peer-nextjs");

// ---------------------------------------------------------------------------------------------
// The snapshot of the site's /blog

const entities = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const decodeEntities = (text) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name) =>
    name[0] === "#"
      ? String.fromCodePoint(Number.parseInt(name.slice(name[1] === "x" ? 2 : 1), name[1] === "x" ? 16 : 10))
      : (entities[name] ?? all),
  );
// HTML attribute names that React spells differently (the rest pass through as written).
const propNames = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  "stroke-width": "strokeWidth",
  "stroke-linecap": "strokeLinecap",
  "stroke-linejoin": "strokeLinejoin",
  "fill-rule": "fillRule",
  "clip-rule": "clipRule",
  charset: "charSet",
};
const booleans = new Set(["noValidate", "hidden", "disabled", "checked", "open", "required", "multiple", "selected", "async", "defer"]);
const voids = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/** React's own markup (well formed, no comments that matter) as a tree of { t, p, c } and strings. */
function tree(markup) {
  const top = { c: [] };
  const stack = [top];
  const token = /<!--[\s\S]*?-->|<\/([a-zA-Z0-9-]+)\s*>|<([a-zA-Z0-9-]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>|([^<]+)/g;
  for (const [, close, open, attrs, selfClosing, text] of markup.matchAll(token)) {
    const parent = stack.at(-1);
    if (text !== undefined) {
      const value = decodeEntities(text);
      // Adjacent texts (React separated them with a comment) become one string.
      if (typeof parent.c.at(-1) === "string") parent.c[parent.c.length - 1] += value;
      else parent.c.push(value);
    } else if (close) {
      if (stack.pop().t !== close) throw new Error(`snapshot: </${close}> does not close what is open`);
    } else if (open) {
      const props = {};
      for (const [, name, value] of (attrs ?? "").matchAll(/\s+([^\s=>/]+)(?:="([^"]*)")?/g)) {
        const prop = propNames[name] ?? name;
        props[prop] = booleans.has(prop) ? true : decodeEntities(value ?? "");
      }
      const element = { t: open, p: props, c: [] };
      parent.c.push(element);
      if (!selfClosing && !voids.has(open)) stack.push(element);
    }
  }
  if (stack.length !== 1) throw new Error("snapshot: unclosed elements");
  return top.c;
}

/** The site's /blog as the Next.js page's data (data/blog.json). */
function snapshotOf(html, cmsUrl) {
  const state = JSON.parse(/<script id="__STATE__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)[1]);
  const posts = state.queries["BlogPosts:{}"]?.posts;
  if (!posts?.length) throw new Error("snapshot: no posts in /blog's state");
  const headMarkup = html.slice(html.indexOf("<head>") + 6, html.indexOf("</head>"));
  // Next.js writes charset and viewport itself; the head's inline scripts other than JSON-LD
  // are the site's own (consent state, speculation rules), which a Next.js page would not have.
  const head = tree(headMarkup.replace(/<script(?![^>]*ld\+json)[^>]*>[\s\S]*?<\/script>/g, ""))
    .filter((node) => !(node.t === "meta" && (node.p.charSet || node.p.name === "viewport")))
    .map((node) => (node.t === "script" ? { t: "script", p: { ...node.p, dangerouslySetInnerHTML: { __html: node.c.join("") } } } : node));
  const appStart = html.indexOf('<div id="app">') + '<div id="app">'.length;
  const app = html.slice(appStart, html.indexOf('<script id="__STATE__"'));
  const body = tree(app.slice(0, app.lastIndexOf("</div>")));
  // The post cards are the Next.js page's own component over the posts it is handed.
  // The state holds every post; the page shows the first page of them, as many as it has cards.
  const lists = [];
  const slotted = (node) => {
    if (typeof node === "string") return node;
    if (node.t === "ul" && node.c.some((li) => li.c?.[0]?.t === "article")) {
      lists.push(node.c.length);
      return { slot: "posts" };
    }
    return { ...node, c: node.c.map(slotted) };
  };
  const withSlot = body.map(slotted);
  if (lists.length !== 1) throw new Error(`snapshot: ${lists.length} post lists on /blog, expected 1`);
  return { assetBase: cmsUrl, head, body: withSlot, perPage: lists[0], posts, site: state.site };
}

// ---------------------------------------------------------------------------------------------
// The Next.js app

function run(command, argv, options = {}) {
  execFileSync(command, argv, { cwd: appDir, stdio: ["ignore", "ignore", "inherit"], ...options });
}

const nextEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" };

function prepareNext(snapshot) {
  mkdirSync(join(appDir, "data"), { recursive: true });
  cpSync(template, appDir, { recursive: true });
  writeFileSync(join(appDir, "data/blog.json"), JSON.stringify(snapshot));
  const wanted = JSON.parse(readFileSync(join(template, "package.json"), "utf8")).dependencies;
  const installed = (name) => {
    const file = join(appDir, "node_modules", name, "package.json");
    return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).version : null;
  };
  if (Object.entries(wanted).some(([name, version]) => installed(name) !== version)) {
    log(
      `next: npm install in ${appDir} (${Object.entries(wanted)
        .map(([n, v]) => `${n}@${v}`)
        .join(", ")}) ...`,
    );
    run("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock"]);
  }
  log("next: next build ...");
  run(process.execPath, ["node_modules/next/dist/bin/next", "build"], { env: nextEnv });
  return Object.fromEntries(Object.keys(wanted).map((name) => [name, installed(name)]));
}

async function startNext() {
  const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(nextPort), "-H", "127.0.0.1"], {
    cwd: appDir,
    env: nextEnv,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${nextPort}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/blog`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // The whole group: `next start` runs the server in a process of its own, which may outlive it.
  const stop = async () => {
    const signal = (name) => {
      try {
        process.kill(-child.pid, name);
      } catch {
        // the group is gone
      }
    };
    signal("SIGTERM");
    for (let i = 0; i < 50 && groupPids(child.pid).length; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    signal("SIGKILL");
  };
  return { url, pids: () => groupPids(child.pid), stop };
}

// ---------------------------------------------------------------------------------------------
// Run

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function toMarkdown(report) {
  const lines = [
    `# SSR CPU against Next.js, side by side (${report.date})`,
    "",
    `Commit ${report.commit}; ${report.machine.cores} cores (${report.machine.model}), load ${report.machine.loadavgBefore.join(" ")} before, ${report.machine.loadavgAfter.join(" ")} after.`,
    `autocannon c=${report.settings.connections}, ${report.settings.duration} s per run, ${report.settings.rounds} rounds, the two servers alternating (the order flips each round).`,
    `Next.js ${report.next.versions.next}, React ${report.next.versions.react} (\`next start\`, pages router, getServerSideProps); the site: production worker bundle on workerd, PAGE_CACHE=off, content cache warm.`,
    "",
    "| server | round | req/s | p50 ms | CPU ms/request | page bytes |",
    "|---|---:|---:|---:|---:|---:|",
    ...report.runs.map((r) => `| ${r.server} | ${r.round} | ${r.rps} | ${r.p50} | ${r.cpuMsPerRequest} | ${r.bytesPerResponse} |`),
    "",
    "| server | req/s (median) | CPU ms/request (median) | page bytes |",
    "|---|---:|---:|---:|",
    ...["next", "site"].map(
      (s) => `| ${s} | ${report.summary[s].rps} | ${report.summary[s].cpuMsPerRequest} | ${report.summary[s].bytes} |`,
    ),
    "",
    `Ratio (Next.js CPU per request / the site's): **${report.summary.ratio}×** (per round: ${report.summary.ratios.join(", ")}).`,
  ];
  return `${lines.join("\n")}\n`;
}

const report = {
  date: new Date().toISOString(),
  commit: execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim(),
  machine: { ...machine(), loadavgBefore: loadavg().map((n) => round(n, 2)) },
  settings: { rounds, duration, connections },
};
let build;
let cms;
let next;
const cleanup = async () => {
  await next?.stop();
  await disposeAll();
  await cms?.stop();
  build?.cleanup();
};
process.once("SIGINT", () => cleanup().then(() => process.exit(130)));
try {
  build = buildForBench({ log });
  let apiBaseUrl = args["cms-url"];
  if (!apiBaseUrl) {
    cms = await startBenchCms({ name: "bench", port: Number(args["cms-port"]), siteUrl: `http://127.0.0.1:${basePort + 1}`, log });
    apiBaseUrl = cms.url;
  }
  const site = await startWorkerd({ build, port: basePort, apiBaseUrl, vars: { PAGE_CACHE: "off" } });
  const siteBlog = `${site.url}/blog`;
  const first = await fetch(siteBlog);
  const html = await first.text();
  if (first.headers.get("x-page-cache")) throw new Error("PAGE_CACHE=off did not turn the page cache off");
  const versions = prepareNext(snapshotOf(html, apiBaseUrl));
  next = await startNext();
  const nextBlog = `${next.url}/blog`;
  const [siteProbe, nextProbe] = [await probe(siteBlog), await probe(nextBlog)];
  report.next = { versions, dir: appDir };
  report.pages = { site: { bytes: siteProbe.bytes, serverTiming: siteProbe.serverTiming }, next: { bytes: nextProbe.bytes } };
  log(`pages: the site's /blog ${siteProbe.bytes} B (${siteProbe.serverTiming}), Next.js ${nextProbe.bytes} B`);

  // A short warm-up each (JIT, caches), then the rounds.
  await load(siteBlog, connections, { duration: 3, pids: site.pids() });
  await load(nextBlog, connections, { duration: 3, pids: next.pids() });
  report.runs = [];
  for (let r = 1; r <= rounds; r++) {
    const order = r % 2 ? ["next", "site"] : ["site", "next"];
    for (const server of order) {
      const run =
        server === "site"
          ? await load(siteBlog, connections, { duration, pids: site.pids() })
          : await load(nextBlog, connections, { duration, pids: next.pids() });
      if (run.non2xx || run.errors) throw new Error(`${server}: ${run.non2xx} non-2xx, ${run.errors} errors`);
      report.runs.push({ server, round: r, ...run });
      log(
        `  round ${r} ${server.padEnd(4)} ${String(run.rps).padStart(7)} req/s  p50 ${run.p50} ms  cpu ${run.cpuMsPerRequest} ms/req  ${run.bytesPerResponse} B`,
      );
    }
  }
  const of = (server) => report.runs.filter((r) => r.server === server);
  const ratios = [];
  for (let r = 1; r <= rounds; r++) {
    const pick = (server) => report.runs.find((x) => x.server === server && x.round === r).cpuMsPerRequest;
    ratios.push(round(pick("next") / pick("site"), 2));
  }
  const summary = (server) => ({
    rps: round(median(of(server).map((r) => r.rps)), 1),
    cpuMsPerRequest: round(median(of(server).map((r) => r.cpuMsPerRequest)), 3),
    bytes: report.pages[server].bytes,
  });
  report.summary = { next: summary("next"), site: summary("site"), ratios };
  report.summary.ratio = round(report.summary.next.cpuMsPerRequest / report.summary.site.cpuMsPerRequest, 2);
  report.machine.loadavgAfter = loadavg().map((n) => round(n, 2));
  const markdown = toMarkdown(report);
  const outDir = join(root, args.out);
  mkdirSync(outDir, { recursive: true });
  const stamp = report.date.replace(/[:.]/g, "-").slice(0, 19);
  for (const name of [`peer-nextjs-${stamp}`, "peer-nextjs-latest"]) {
    writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(join(outDir, `${name}.md`), markdown);
  }
  log(`\n${markdown}\nwritten: ${args.out}/peer-nextjs-${stamp}.{json,md}`);
} catch (error) {
  console.error("peer-nextjs failed:", error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
