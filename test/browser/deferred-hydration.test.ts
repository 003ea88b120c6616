import { chromium, type Browser, type Page, type Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumLaunchOptions, hasChromium } from "./chromium.ts";

/**
 * The boot script (src/client/boot.ts): React and the page's code load at the first sign of
 * use, not on arrival; what the visitor did before they ran is replayed once they do.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;

/** Opens `path` with the app's code held back until `release()`; every script request is recorded. */
async function openHeld(path: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const held: Route[] = [];
  let released = false;
  await page.route(/\/static\/hydrate-[^/]+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  const heldRequest = page.waitForRequest(/\/static\/hydrate-[^/]+\.js$/);
  await page.goto(baseUrl + path, { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "deferred");
  const release = async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
  return { page, scripts, heldRequest, release };
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker === 42);

describe.skipIf(!hasChromium())("hydration at the first sign of use", () => {
  beforeAll(async () => {
    browser = await chromium.launch(chromiumLaunchOptions());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("loads only the boot script on arrival, and the app at the first pointer move", async () => {
    const { page, scripts, heldRequest, release } = await openHeld("/docs/getting-started/quickstart");
    // Load has fired and the boot script is waiting: nothing else was asked for.
    expect(scripts.filter((path) => path.startsWith("/static/"))).toHaveLength(1);
    expect(scripts.some((path) => /\/static\/(hydrate|react)-/.test(path))).toBe(false);
    await page.mouse.move(10, 10);
    await heldRequest;
    await release();
    await hydrated(page);
    expect(scripts.some((path) => /\/static\/react-/.test(path))).toBe(true);
    await page.context().close();
  });

  it("replays an in-app link clicked before the app ran as a client navigation", async () => {
    const { page, heldRequest, release } = await openHeld("/");
    await mark(page);
    await page.getByRole("banner").getByRole("link", { name: "Blog", exact: true }).click();
    await heldRequest;
    // Held: the browser did not follow the link on its own.
    expect(new URL(page.url()).pathname).toBe("/");
    await release();
    await page.waitForURL(`${baseUrl}/blog`);
    await page.waitForFunction(() => document.querySelector("h1")?.textContent?.includes("Blog"));
    expect(await marked(page)).toBe(true); // no full page load
    await page.context().close();
  });

  it("replays a button pressed before the app ran", async () => {
    const { page, heldRequest, release } = await openHeld("/");
    await page.getByRole("button", { name: "Cookie settings" }).click();
    await heldRequest;
    await release();
    await page.getByRole("dialog", { name: "Cookie settings" }).waitFor();
    await page.context().close();
  });

  it("replays a button of a lazily loaded island (the cookie notice) pressed before the app ran", async () => {
    const { page, heldRequest, release } = await openHeld("/careers");
    const notice = page.getByRole("region", { name: "Cookie consent" });
    await page.getByRole("button", { name: "Allow all" }).click();
    await heldRequest;
    await release();
    await page.waitForSelector('script[src="/analytics.js"]', { state: "attached" });
    await notice.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("replays the search shortcut pressed before the app ran", async () => {
    const { page, heldRequest, release } = await openHeld("/blog");
    await page.keyboard.press("/");
    await heldRequest;
    await release();
    await hydrated(page);
    await page.getByRole("dialog", { name: /search/i }).waitFor();
    await page.context().close();
  });
});
