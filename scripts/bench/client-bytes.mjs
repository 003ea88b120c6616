// The JS and CSS each page template actually loads, measured in Debian's Chromium
// (playwright-core): response bodies of the site's own scripts and stylesheets, raw and gzip.
// Three moments per page: first load (no scrolling, no input), after scrolling to the bottom
// (the newsletter island loads when the footer comes near), after a first key press (the
// cookie-consent island loads at the first interaction).
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

  // Island chunks: JS that loaded only after scrolling or after the first input on some page.
  // The same hashed files may load earlier on a short page (footer already near): they stay
  // island code and are reported with the islands, not with the template's first load.
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
  const templates = perPage.map(({ name, path, html, files, errors }) => {
    const island = (file) => newsletterChunks.has(file.url) || consentChunks.has(file.url);
    const js = files.filter((file) => file.type === "script" && !island(file));
    const css = files.filter((file) => file.type === "stylesheet");
    const islandsLoadedWithoutInput = files.filter((file) => file.phase === "initial" && island(file)).map((file) => file.url);
    return {
      name,
      path,
      html,
      js: {
        files: js.length,
        raw: sum(js, "raw"),
        gzip: sum(js, "gzip"),
        list: js.map(({ url, raw, gzip }) => ({ url, raw, gzip })).sort((a, b) => b.gzip - a.gzip),
      },
      css: { files: css.length, raw: sum(css, "raw"), gzip: sum(css, "gzip") },
      islandsLoadedWithoutInput,
      errors,
    };
  });
  return {
    method:
      "Chromium (playwright-core), 412x823 viewport, first load until network idle; JS = the site's own script responses (entry, shared and route chunks), island chunks excluded; gzip -9 of each file (zlib)",
    templates,
    islands: { newsletter: islandSize(newsletterChunks), consent: islandSize(consentChunks) },
  };
}
