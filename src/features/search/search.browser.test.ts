import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hasChromium, launchChromium } from "../../../test/browser/chromium.ts";
import { openPage } from "../../../test/browser/open-page.ts";

/** The header's search dialog (src/features/search/views/SearchDialog.tsx) and its no-JavaScript form, in Chromium. */
const baseUrl = inject("baseUrl");
let browser: Browser;

const open = (path: string, width = 1280) => openPage(browser, baseUrl + path, { width });

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Search the site" });
const comboboxOf = (page: Page) => dialogOf(page).getByRole("combobox");
const optionsOf = (page: Page) => dialogOf(page).getByRole("option");
/** A message shown in the dialog (the live region repeats it for screen readers). */
const visibleText = (page: Page, text: string) => dialogOf(page).locator("p:not([role=status])", { hasText: text });
const isOpen = (page: Page) => page.evaluate(() => !!document.querySelector("dialog[open]"));
/** Resolves after the page has rendered two more frames: what it was handling is on screen (no clock). */
const afterNextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
/** Resolves when the opening and closing transitions running now have finished. */
const transitionsDone = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));

/** Text only the dialog's code has: which script holds the dialog. */
const dialogMarker = "aria-activedescendant";

/** Waits until the list shows the answer for `q` and no request is pending. */
const resultsFor = (page: Page, q: string) =>
  page.waitForFunction((query) => {
    const list = document.querySelector("[role=listbox]");
    return list?.getAttribute("data-query") === query && list.getAttribute("aria-busy") === "false";
  }, q);

const isSearchApi = (url: URL) => url.pathname === "/api/search";

/** A marker on window survives in-app navigation and is lost on a full page load. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { searchMarker: string }).searchMarker = "same document"));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { searchMarker?: string }).searchMarker === "same document");

async function typeQuery(page: Page, text: string) {
  await comboboxOf(page).pressSequentially(text, { delay: 30 });
  await resultsFor(page, text);
}

/** Scripts of the page (and their texts, from the browser's cache) that contain the dialog's code. */
const scriptsWithDialog = (page: Page, urls: string[]) =>
  page.evaluate(
    async ({ urls, marker }) => {
      const found: string[] = [];
      for (const url of urls) if ((await (await fetch(url)).text()).includes(marker)) found.push(url);
      return found;
    },
    { urls, marker: dialogMarker },
  );

describe.skipIf(!hasChromium())("search dialog in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("loads the dialog's code at the first open (Ctrl+K), not with the page", async () => {
    const { page, problems } = await open("/");
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((url) => url.endsWith(".js")),
    );
    expect(loaded.length).toBeGreaterThan(0);
    expect(await scriptsWithDialog(page, loaded)).toEqual([]);

    const requested: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") requested.push(request.url());
    });
    await page.keyboard.press("Control+k");
    await dialogOf(page).waitFor();
    expect(await isOpen(page)).toBe(true);
    expect(await scriptsWithDialog(page, requested)).toHaveLength(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("combobox");

    // Closed and opened again: the code is there, nothing more is fetched.
    await page.keyboard.press("Escape");
    await dialogOf(page).waitFor({ state: "hidden" });
    const before = requested.length;
    await page.keyboard.press("Control+k");
    await dialogOf(page).waitFor();
    expect(requested.length).toBe(before);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens again at once when ⌘K follows Escape on a busy main thread", async () => {
    const { page, problems } = await open("/");
    await page.keyboard.press("Control+k");
    await dialogOf(page).waitFor();
    // A slow phone: the close and the reopen reach React before it renders either.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
    for (let round = 0; round < 3; round++) {
      await page.keyboard.press("Escape");
      await page.keyboard.press("Control+k");
      await dialogOf(page).waitFor();
      expect(await isOpen(page)).toBe(true);
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens with / outside text fields, but not while typing in another field", async () => {
    const { page, problems } = await open("/search");
    const field = page.locator("#search-proposals-q");
    await field.click();
    await page.keyboard.type("a/b");
    expect(await field.inputValue()).toBe("a/b");
    expect(await isOpen(page)).toBe(false);

    await page.locator("h1").click(); // focus leaves the field
    await page.keyboard.press("/");
    await dialogOf(page).waitFor();
    expect(await comboboxOf(page).inputValue()).toBe(""); // the key itself is not typed into the dialog
    expect(await field.inputValue()).toBe("a/b");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("finds Kubernetes for a typo, with marks, and opens the first result in the app with ArrowDown and Enter", async () => {
    const { page, problems } = await open("/");
    await mark(page);
    await page.keyboard.press("Control+k");
    await dialogOf(page).waitFor();
    const combobox = comboboxOf(page);
    expect(await combobox.getAttribute("aria-autocomplete")).toBe("list");
    expect(await combobox.getAttribute("aria-expanded")).toBe("false");

    await typeQuery(page, "kubernets");
    expect(await combobox.getAttribute("aria-expanded")).toBe("true");
    const listId = await combobox.getAttribute("aria-controls");
    expect(await page.locator(`[id="${listId}"]`).getAttribute("role")).toBe("listbox");
    const options = optionsOf(page);
    const count = await options.count();
    expect(count).toBeGreaterThan(2); // results, then "See all results"
    expect(await options.first().textContent()).toContain("Kubernetes");
    expect(await options.first().locator("mark").first().textContent()).toBe("Kubernetes");
    expect(await options.last().textContent()).toBe("See all results for “kubernets”");
    await expect.poll(() => dialogOf(page).getByRole("status").textContent()).toMatch(/^\d+ results?$/);

    // Arrows move the active option and wrap; the input keeps focus.
    await page.keyboard.press("ArrowUp");
    expect(await combobox.getAttribute("aria-activedescendant")).toBe(await options.last().getAttribute("id"));
    await page.keyboard.press("ArrowDown");
    const firstId = await options.first().getAttribute("id");
    expect(await combobox.getAttribute("aria-activedescendant")).toBe(firstId);
    expect(await options.first().getAttribute("aria-selected")).toBe("true");
    expect(await options.nth(1).getAttribute("aria-selected")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("combobox");

    const href = await options.first().getAttribute("href"); // the option is the link itself
    expect(href).toBe("/docs/kubernetes/create-a-cluster");
    let loads = 0;
    page.on("load", () => loads++);
    await page.keyboard.press("Enter");
    await page.waitForURL(baseUrl + href);
    await page.waitForFunction(() => document.querySelector("h1")?.textContent?.includes("Kubernetes"));
    expect(await isOpen(page)).toBe(false);
    expect(await marked(page)).toBe(true);
    expect(loads).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("goes to the search page with Enter when no option is active", async () => {
    const { page, problems } = await open("/blog");
    await mark(page);
    await page.keyboard.press("Control+k");
    await dialogOf(page).waitFor();
    await typeQuery(page, "slurm");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl}/search?q=slurm`);
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "Results for “slurm”");
    expect(await isOpen(page)).toBe(false);
    expect(await marked(page)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows an empty state, and says so when the search fails (Enter still leads to the search page)", async () => {
    const { page } = await open("/");
    await page.keyboard.press("Control+k");
    await dialogOf(page).waitFor();
    await typeQuery(page, "qwxzqwxz");
    expect(await visibleText(page, "No results for “qwxzqwxz”").isVisible()).toBe(true);
    expect(await optionsOf(page).count()).toBe(1); // only "See all results"

    await page.route(isSearchApi, (route) => route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"down"}' }));
    await comboboxOf(page).fill("");
    await comboboxOf(page).pressSequentially("gpu", { delay: 30 });
    await visibleText(page, "Search is unavailable right now.").waitFor();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl}/search?q=gpu`);
    await page.close();
  });

  it("never lets a slow earlier answer replace a newer one", async () => {
    const { page } = await open("/");
    let slowAnswered = false;
    const isSlow = (request: { url(): string }) => new URL(request.url()).searchParams.get("q") === "gpu";
    // Delivered or aborted: either way the page has had the slow answer when this resolves.
    const slowDone = new Promise<void>((resolve) => {
      page.on("requestfinished", (request) => isSlow(request) && resolve());
      page.on("requestfailed", (request) => isSlow(request) && resolve());
    });
    await page.route(isSearchApi, async (route) => {
      const q = new URL(route.request().url()).searchParams.get("q");
      if (q === "gpu") {
        // Answered after the newer query's answer is on screen.
        await page.waitForFunction(() => document.querySelector("[role=listbox]")?.getAttribute("data-query") === "gpu cluster");
        slowAnswered = true;
        // The browser may have aborted it, and the test ended and closed the page meanwhile.
        await route
          .fetch()
          .then((response) => route.fulfill({ response }))
          .catch(() => {});
        return;
      }
      await route.continue();
    });
    await page.keyboard.press("Control+k");
    await dialogOf(page).waitFor();
    await comboboxOf(page).pressSequentially("gpu");
    await page.waitForRequest((request) => request.url().includes("q=gpu&"));
    await comboboxOf(page).pressSequentially(" cluster");
    await resultsFor(page, "gpu cluster");
    await expect.poll(() => slowAnswered).toBe(true);
    await slowDone;
    await afterNextFrames(page);
    expect(await page.locator("[role=listbox]").getAttribute("data-query")).toBe("gpu cluster");
    await page.close();
  });

  it("closes with Escape and the close button, and focus returns where it was", async () => {
    const { page, problems } = await open("/");
    const blog = page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Blog" });
    await blog.focus();
    await page.keyboard.press("Control+k");
    await dialogOf(page).waitFor();
    await page.keyboard.press("Escape");
    await dialogOf(page).waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Blog");

    // Opened from the header field: back on it, and it does not open the dialog again.
    const field = page.locator("header").getByRole("searchbox", { name: "Search" });
    await field.click();
    await dialogOf(page).waitFor();
    await dialogOf(page).getByRole("button", { name: "Close search" }).click();
    await dialogOf(page).waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("header-search-q");
    await transitionsDone(page);
    await afterNextFrames(page);
    expect(await isOpen(page)).toBe(false);
    // Typing into it opens the dialog with the text.
    await page.keyboard.type("h");
    await dialogOf(page).waitFor();
    expect(await comboboxOf(page).inputValue()).toBe("h");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("keeps recent searches, shows them for an empty field and removes them", async () => {
    const { page, problems } = await open("/");
    await page.keyboard.press("Control+k");
    await dialogOf(page).waitFor();
    expect(await dialogOf(page).getByText("Recent searches").count()).toBe(0);
    await typeQuery(page, "gpu");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl}/search?q=gpu`);

    await page.keyboard.press("Control+k");
    await dialogOf(page).waitFor();
    expect(await comboboxOf(page).inputValue()).toBe("");
    const recent = dialogOf(page).getByRole("region", { name: "Recent searches" });
    await recent.waitFor();
    expect(await recent.getByRole("listitem").allTextContents()).toEqual(["gpu"]);
    expect(await page.evaluate(() => localStorage.getItem("meridian:recent-searches"))).toBe('["gpu"]');

    // Choosing one searches it again.
    await recent.getByRole("button", { name: "gpu", exact: true }).click();
    await resultsFor(page, "gpu");
    await comboboxOf(page).fill("");
    await recent.getByRole("button", { name: "Remove “gpu” from recent searches" }).click();
    await recent.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("meridian:recent-searches"))).toBe("[]");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens from the search icon on a phone, and looks right at 375 and 1280 px (screenshots)", async () => {
    mkdirSync("test-results/screenshots", { recursive: true });
    for (const width of [375, 1280]) {
      const { page, problems } = await open("/", width);
      if (width === 375) {
        await page.locator("header").getByRole("link", { name: "Search" }).click();
      } else {
        await page.keyboard.press("Control+k");
      }
      await dialogOf(page).waitFor();
      expect(page.url()).toBe(`${baseUrl}/`);
      await typeQuery(page, "kubernets");
      await page.keyboard.press("ArrowDown");
      const box = await dialogOf(page).boundingBox();
      if (!box) throw new Error("the dialog has no box");
      if (width === 375) {
        expect(box).toMatchObject({ x: 0, y: 0, width: 375 });
      } else {
        expect(box.width).toBe(640);
        expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(1);
      }
      expect(box.height).toBeLessThan(900);
      await transitionsDone(page);
      await page.screenshot({ path: `test-results/screenshots/search-dialog-${width}.png` });
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it("works without JavaScript: the header form submits to /search", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const form = page.locator("header form[role=search]");
    expect(await form.getAttribute("action")).toBe("/search");
    expect(await form.getAttribute("method")).toBe("get");
    await form.getByLabel("Search").fill("gpu");
    await Promise.all([page.waitForURL(`${baseUrl}/search?q=gpu`), form.getByLabel("Search").press("Enter")]);
    expect(await page.locator("h1").textContent()).toBe("Results for “gpu”");
    expect(await page.locator("main ol > li").count()).toBeGreaterThan(0);

    // A phone gets the search icon: a link to the search page, which has the form.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${baseUrl}/`);
    expect(await form.isVisible()).toBe(false);
    await Promise.all([page.waitForURL(`${baseUrl}/search`), page.locator("header").getByRole("link", { name: "Search" }).click()]);
    expect(await page.locator("#search-proposals-q").isVisible()).toBe(true);
    await context.close();
  });

  it("with analytics consent, counts the search the visitor stopped at and the result chosen; without, sends nothing", async () => {
    for (const consent of ["all", "necessary"]) {
      const context = await browser.newContext();
      await context.addCookies([{ name: "meridian_consent", value: consent, url: baseUrl }]);
      const { page, problems } = await openPage(context, `${baseUrl}/blog`);
      const beacons: { type?: string; q?: string; kind?: string; position?: number; source?: string; path?: string }[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/collect") beacons.push(JSON.parse(request.postData() ?? "{}"));
      });
      const searchBeacons = () => beacons.filter((beacon) => beacon.type);
      await page.keyboard.press("Control+k");
      await dialogOf(page).waitFor();
      await typeQuery(page, "kubernetes");
      if (consent === "all") {
        // Once the answer has stayed on screen: one search, not one per letter typed.
        await expect.poll(searchBeacons).toEqual([{ type: "search", source: "dialog", q: "kubernetes" }]);
      }
      await page.keyboard.press("ArrowDown");
      const href = await optionsOf(page).first().getAttribute("href");
      await page.keyboard.press("Enter");
      await page.waitForURL(baseUrl + href);
      if (consent === "all") {
        await expect.poll(() => searchBeacons().length).toBe(2);
        expect(searchBeacons()[1]).toMatchObject({ type: "search_click", source: "dialog", q: "kubernetes", position: 1 });
        expect(["doc", "post", "job", "event", "page"]).toContain(searchBeacons()[1]!.kind);
      } else {
        // The click's beacon would have left before the navigation it starts.
        expect(searchBeacons()).toEqual([]);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("with analytics consent, the search page's view carries its query and a click on a result is counted", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "meridian_consent", value: "all", url: baseUrl }]);
    const page = await context.newPage();
    const beacons: { type?: string; q?: string; kind?: string; position?: number; source?: string; path?: string; search?: string }[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/collect") beacons.push(JSON.parse(request.postData() ?? "{}"));
    });
    await page.goto(`${baseUrl}/search?q=kubernetes`);
    await expect.poll(() => beacons.find((beacon) => beacon.path === "/search")?.search).toBe("?q=kubernetes");
    const first = page.locator("main ol[data-search-query] a").first();
    const kind = await first.getAttribute("data-search-kind");
    await Promise.all([page.waitForURL((url) => url.pathname !== "/search"), first.click()]);
    await expect
      .poll(() => beacons.find((beacon) => beacon.type === "search_click"))
      .toEqual({ type: "search_click", source: "page", q: "kubernetes", kind, position: 1 });
    await context.close();
  });
});
