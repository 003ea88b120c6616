// The JS and CSS each page template actually loads, measured in Debian's Chromium
// (playwright-core): response bodies of the site's own scripts and stylesheets, raw and gzip.
// Four moments per page: first load (no scrolling, no input: the boot script alone), first
// sign of use (a pointer move: React, the app and the route's code load and hydrate), after
// scrolling to the bottom (the newsletter island loads when the footer comes near), after a
// first key press (the cookie-consent island loads at the first interaction).
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions, hasChromium } from "../../test/browser/chromium.ts";

export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * @param {string} base site origin (static files and worker)
 * @param {{ name: string, path: string }[]} pages
 */
export async function measureClientBytes(base, pages, { log = () => {} } = {}) {
  if (!hasChromium()) {
    log("client bytes: no Chromium at /usr/bin/chromium (set CHROMIUM_PATH); skipped");
    return null;
  }
  const origin = new URL(base).origin;
  const browser = await chromium.launch(chromiumLaunchOptions());
  const perPage = [];
  try {
    for (const { name, path } of pages) {
      // Mobile-sized viewport, as Lighthouse's mobile run: the footer is far below the fold.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      /** url -> { type, raw, gzip, phase } */
      const files = new Map();
      let phase = "initial";
      let html = null;
      const pending = new Set();
      page.on("response", (response) => {
        const url = response.url();
        if (!url.startsWith(origin)) return;
        const type = response.request().resourceType();
        if (type !== "script" && type !== "stylesheet" && type !== "document") return;
        const loadedIn = phase;
        const task = response
          .body()
          .then((body) => {
            if (type === "document") {
              html ??= { raw: body.length, gzip: gzipSize(body) };
              return;
            }
            if (!files.has(url))
              files.set(url, { url: url.slice(origin.length), type, raw: body.length, gzip: gzipSize(body), phase: loadedIn });
          })
          .catch(() => {});
        pending.add(task);
        task.finally(() => pending.delete(task));
      });
      const errors = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto(base + path, { waitUntil: "networkidle" });
      await page.waitForTimeout(500);
      await Promise.all(pending);
      phase = "use";
      await page.mouse.move(5, 5);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 15_000 });
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(500);
      await Promise.all(pending);
      phase = "scroll";
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(800);
      await Promise.all(pending);
      phase = "interaction";
      await page.keyboard.press("Shift");
      await page.waitForTimeout(800);
      await Promise.all(pending);
      perPage.push({ name, path, html, files: [...files.values()], errors });
      log(`client bytes: ${path}: ${files.size} files`);
      await context.close();
    }
  } finally {
    await browser.close();
  }

  // Island chunks: JS that loaded only after scrolling (newsletter) or after the first input
  // (consent) on some page. The same hashed files may load earlier on a short page (footer
  // already near): they stay island code and are reported with the islands.
  const newsletterChunks = new Set();
  const consentChunks = new Set();
  for (const { files } of perPage) {
    for (const file of files) {
      if (file.type !== "script") continue;
      if (file.phase === "scroll") newsletterChunks.add(file.url);
      if (file.phase === "interaction") consentChunks.add(file.url);
    }
  }
  const sum = (list, key) => list.reduce((total, file) => total + file[key], 0);
  const sizes = new Map(perPage.flatMap(({ files }) => files.map((file) => [file.url, file])));
  const islandSize = (set) => {
    const list = [...set].map((url) => sizes.get(url));
    return { files: list.map((file) => file.url), raw: sum(list, "raw"), gzip: sum(list, "gzip") };
  };
  const scriptTotals = (list) => ({
    files: list.length,
    raw: sum(list, "raw"),
    gzip: sum(list, "gzip"),
    list: list.map(({ url, raw, gzip }) => ({ url, raw, gzip })).sort((a, b) => b.gzip - a.gzip),
  });
  const templates = perPage.map(({ name, path, html, files, errors }) => {
    const island = (file) => newsletterChunks.has(file.url) || consentChunks.has(file.url);
    const scripts = files.filter((file) => file.type === "script");
    const css = files.filter((file) => file.type === "stylesheet");
    return {
      name,
      path,
      html,
      // Before any input: what the budget is about.
      js: scriptTotals(scripts.filter((file) => file.phase === "initial")),
      // Through hydration at the first sign of use (islands excluded).
      jsAtFirstUse: scriptTotals(scripts.filter((file) => (file.phase === "initial" || file.phase === "use") && !island(file))),
      css: { files: css.length, raw: sum(css, "raw"), gzip: sum(css, "gzip") },
      errors,
    };
  });
  return {
    method:
      "Chromium (playwright-core), 412x823 viewport; first load until network idle with no input (JS = the site's own script responses); then a pointer move, until hydrated and network idle (jsAtFirstUse: app, React and route chunks, island chunks excluded); gzip -9 of each file (zlib)",
    templates,
    islands: { newsletter: islandSize(newsletterChunks), consent: islandSize(consentChunks) },
  };
}
