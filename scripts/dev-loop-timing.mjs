#!/usr/bin/env node
// Edit-to-update time of the dev loop (`npm start` = Vite + @cloudflare/vite-plugin), measured
// in headless Chromium:
//   1. starts Vite's dev server (scripts/lib/processes.mjs startDevServer) on 127.0.0.1:<port>,
//      the worker in workerd; by default without Directus (API_BASE_URL is a tiny local mock
//      that answers every query with an error, so the page renders its CMS-less fallbacks) on
//      the 404 page, which needs no content; `--cms` starts the local Directus on 8089
//      (cms/scripts/lib.mjs, its own data folder) and measures the home page instead;
//   2. per repetition: appends a marker to the page's heading in a view file and measures the
//      time until the browser shows it (React Fast Refresh, no reload: a window marker set
//      before the edit must survive); then changes a CSS rule in src/styles/app.css and measures
//      the time until the computed style changes (CSS HMR, no reload); then reloads the page
//      with the view edit still in place and checks that the server render has it too and that
//      hydration logs no mismatch; reverts both files (also on failure or Ctrl-C);
//   3. prints the medians.
//
//   node scripts/dev-loop-timing.mjs [--repeats 5] [--port 3189] [--cms]
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions, hasChromium } from "../test/browser/chromium.ts";
import { root, startDevServer } from "./lib/processes.mjs";

const { values: args } = parseArgs({
  options: {
    repeats: { type: "string", default: "5" },
    port: { type: "string", default: "3189" },
    cms: { type: "boolean", default: false },
  },
});
const repeats = Math.max(1, Math.min(20, Number(args.repeats) || 5));
const port = Number(args.port);
if (!hasChromium()) {
  console.error("dev-loop-timing: needs Chromium at /usr/bin/chromium (or CHROMIUM_PATH)");
  process.exit(1);
}

// What is edited: a heading in a view (the page must show it) and a rule in the stylesheet.
const target = args.cms
  ? { path: "/", view: "src/features/pages/blocks/hero/index.tsx", selector: "h1" }
  : { path: "/dev-loop-timing-404", view: "src/shell/ErrorPage.tsx", selector: "h1" };
const viewFile = join(root, target.view);
const cssFile = join(root, "src/styles/app.css");
const originals = new Map([
  [viewFile, readFileSync(viewFile, "utf8")],
  [cssFile, readFileSync(cssFile, "utf8")],
]);
const restore = () => {
  for (const [file, text] of originals) if (readFileSync(file, "utf8") !== text) writeFileSync(file, text);
};

/** The view with `marker` appended as text at the end of its first <h1> element. */
function editView(marker) {
  const source = originals.get(viewFile);
  const h1 = source.indexOf("<h1");
  const close = source.indexOf("</h1>", h1);
  if (h1 < 0 || close < 0) throw new Error(`${target.view}: no <h1> element to edit`);
  writeFileSync(viewFile, source.slice(0, close) + `{" ${marker}"}` + source.slice(close));
}
/** app.css with one more rule: a custom property on #app, read back through getComputedStyle. */
function editCss(value) {
  writeFileSync(cssFile, originals.get(cssFile) + `\n#app {\n  --dev-loop-marker: ${value};\n}\n`);
}

const stops = [];
/** The page's console messages (errors are printed on failure). */
const console_ = [];
let stopping = false;
async function stopAll() {
  if (stopping) return;
  stopping = true;
  restore();
  for (const stop of stops.reverse()) await stop().catch(() => {});
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    stopAll().finally(() => process.exit(130));
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (n) => `${Math.round(n)} ms`;

try {
  let apiBaseUrl;
  if (args.cms) {
    const cms = await import("../cms/scripts/lib.mjs");
    const options = { dataDir: join(root, "cms", "data-dev-loop"), port: 8089, siteUrl: `http://127.0.0.1:${port}`, log: () => {} };
    await cms.prepareCms(options);
    const running = await cms.startCms(options);
    stops.push(running.stop);
    apiBaseUrl = running.url;
  } else {
    // Every Directus query fails at once: the 404 page renders its fallbacks without waiting.
    const mock = createServer((request, response) => {
      request.resume();
      response.writeHead(503, { "content-type": "application/json" }).end('{"errors":[{"message":"no CMS in dev-loop-timing"}]}');
    });
    await new Promise((resolve) => mock.listen(0, "127.0.0.1", resolve));
    stops.push(() => new Promise((resolve) => mock.close(resolve)));
    apiBaseUrl = `http://127.0.0.1:${mock.address().port}`;
  }

  const serverStarted = performance.now();
  const dev = await startDevServer({ port, vars: { API_BASE_URL: apiBaseUrl, SITE_URL: `http://127.0.0.1:${port}` }, logLevel: "warn" });
  stops.push(dev.stop);
  const url = dev.url + target.path;
  const firstPage = await fetch(url);
  await firstPage.text();
  console.log(`dev server: ${ms(performance.now() - serverStarted)} to the first page (${target.path}, status ${firstPage.status})`);

  const browser = await chromium.launch(chromiumLaunchOptions());
  stops.push(() => browser.close());
  const page = await browser.newPage();
  page.on("console", (message) => console_.push({ type: message.type(), text: message.text() }));
  page.on("pageerror", (error) => console_.push({ type: "pageerror", text: String(error) }));
  const mismatches = () =>
    console_.filter(
      (m) => (m.type === "error" || m.type === "warning" || m.type === "pageerror") && /hydrat|did not match|didn't match/i.test(m.text),
    );
  let loads = 0;
  page.on("load", () => (loads += 1));

  const loadAndHydrate = async () => {
    await page.goto(url, { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 30_000 });
  };
  const coldStarted = performance.now();
  await loadAndHydrate();
  console.log(`first load and hydration in the browser: ${ms(performance.now() - coldStarted)}`);
  if (mismatches().length)
    throw new Error(
      `hydration mismatch on the first load:\n${mismatches()
        .map((m) => m.text)
        .join("\n")}`,
    );

  const results = { view: [], viewServer: [], css: [], reloadHydrated: [] };
  for (let run = 1; run <= repeats; run++) {
    // A marker on window: gone if the page reloads.
    await page.evaluate(() => {
      window.__devLoopMarker = true;
    });
    const loadsBefore = loads;

    // 1. The view: time until the browser shows the new text (Fast Refresh).
    const marker = `dev-loop-${process.pid}-${run}`;
    const viewStarted = performance.now();
    editView(marker);
    await page.waitForFunction(
      ({ selector, marker }) => document.querySelector(selector)?.textContent?.includes(marker),
      { selector: target.selector, marker },
      { polling: "raf", timeout: 15_000 },
    );
    results.view.push(performance.now() - viewStarted);
    // ... and until the worker renders it (the next request after the edit).
    for (;;) {
      const html = await (await fetch(url)).text();
      if (html.includes(marker)) break;
      if (performance.now() - viewStarted > 15_000) throw new Error("the worker never rendered the edited view");
    }
    results.viewServer.push(performance.now() - viewStarted);

    // 2. The stylesheet: time until the computed style changes (CSS HMR).
    const value = `${run}${process.pid}`;
    const cssStarted = performance.now();
    editCss(value);
    await page.waitForFunction(
      (value) => getComputedStyle(document.getElementById("app")).getPropertyValue("--dev-loop-marker").trim() === value,
      value,
      { polling: "raf", timeout: 15_000 },
    );
    results.css.push(performance.now() - cssStarted);

    const survived = await page.evaluate(() => window.__devLoopMarker === true);
    if (!survived || loads !== loadsBefore) throw new Error(`run ${run}: the page reloaded instead of updating in place`);

    // 3. A reload with the edits in place: the server render and the client bundle agree.
    const before = console_.length;
    const reloadStarted = performance.now();
    await loadAndHydrate();
    results.reloadHydrated.push(performance.now() - reloadStarted);
    const shown = await page.evaluate((selector) => document.querySelector(selector)?.textContent ?? "", target.selector);
    if (!shown.includes(marker)) throw new Error(`run ${run}: the reloaded page lacks the edit`);
    const found = mismatches().filter((m) => console_.indexOf(m) >= before);
    if (found.length) throw new Error(`run ${run}: hydration mismatch after the edit:\n${found.map((m) => m.text).join("\n")}`);

    restore();
    // Back to the original before the next run (also through HMR).
    await page.waitForFunction(
      ({ selector, marker }) => !document.querySelector(selector)?.textContent?.includes(marker),
      { selector: target.selector, marker },
      { polling: "raf", timeout: 15_000 },
    );
    console.log(
      `run ${run}: view in the browser ${ms(results.view.at(-1))}, in the worker's HTML ${ms(results.viewServer.at(-1))}, ` +
        `CSS ${ms(results.css.at(-1))}, reload + hydration ${ms(results.reloadHydrated.at(-1))}, no reload, no mismatch`,
    );
  }

  const blocked = console_.filter((m) => /Content Security Policy/i.test(m.text));
  if (blocked.length) throw new Error(`the CSP blocked something in dev:\n${blocked.map((m) => m.text).join("\n")}`);
  console.log(
    `\nmedians over ${repeats} runs (${target.view}, src/styles/app.css; page ${target.path}):\n` +
      `  view edit -> browser shows it (HMR, no reload): ${ms(median(results.view))}\n` +
      `  view edit -> worker renders it:                 ${ms(median(results.viewServer))}\n` +
      `  CSS edit  -> browser applies it (HMR):          ${ms(median(results.css))}\n` +
      `  reload + hydration after an edit:               ${ms(median(results.reloadHydrated))} (no hydration mismatch)`,
  );
} catch (error) {
  console.error("dev-loop-timing failed:", error instanceof Error ? error.message : error);
  for (const message of console_.slice(-20)) console.error(`  browser ${message.type}: ${message.text}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
