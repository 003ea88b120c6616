import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hasChromium, launchChromium } from "../../../test/browser/chromium.ts";
import { openPage, waitForHydration } from "../../../test/browser/open-page.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

const open = (path: string, width = 1280) => openPage(browser, baseUrl + path, { width });

/** Titles of the post cards in the list. */
const cardTitles = (page: Page) => page.locator("main ul.grid > li h2").allTextContents();

describe.skipIf(!hasChromium())("blog in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("paginates: next shows page 2, back returns to page 1", async () => {
    const { page, status, problems } = await open("/blog");
    expect(status).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("Blog");
    const first = await cardTitles(page);
    expect(first).toHaveLength(9);

    await page.getByRole("navigation", { name: "Blog pages" }).getByRole("link", { name: "Next page" }).click();
    await page.waitForURL(`${baseUrl}/blog?page=2`);
    await waitForHydration(page);
    // Client navigation: wait until page 2 is rendered (the URL changes first).
    await page.waitForFunction((title) => document.querySelector("main ul.grid > li h2")?.textContent !== title, first[0]);
    const second = await cardTitles(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((title) => first.includes(title))).toBe(false);
    expect(await page.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    expect(await page.title()).toBe("Blog, page 2 | Meridian Cloud");

    await page.goBack();
    await page.waitForURL(`${baseUrl}/blog`);
    await page.waitForFunction((title) => document.querySelector("main ul.grid > li h2")?.textContent === title, first[0]);
    expect(await cardTitles(page)).toEqual(first);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("filters by a tag chip and keeps the filter in the URL", async () => {
    const { page, problems } = await open("/blog", 375);
    await page.getByRole("navigation", { name: "Filter posts by tag" }).getByRole("link", { name: /^gpu/ }).click();
    await page.waitForURL(`${baseUrl}/blog?tag=gpu`);
    await waitForHydration(page);
    const cards = page.locator("main ul.grid > li");
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index++) {
      expect(await cards.nth(index).getByRole("list", { name: "Tags" }).textContent()).toContain("gpu");
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("hydrates an article without a console error, with its cover, body and author", async () => {
    const list = await open("/blog");
    const href = await list.page.locator("main ul.grid > li h2 a").first().getAttribute("href");
    await list.page.close();

    const { page, status, problems } = await open(href!);
    expect(status).toBe(200);
    expect(await page.locator("h1").count()).toBe(1);
    expect(await page.locator("main article h2").count()).toBeGreaterThan(1); // body sections and 'About the author'
    const cover = page.locator('main article img[fetchpriority="high"]');
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByRole("link", { name: /^More from / }).click();
    await page.waitForURL(/\/blog\/authors\/\d+$/);
    await waitForHydration(page);
    expect(await page.locator("h1").count()).toBe(1);
    expect(await page.getByRole("heading", { name: /^Posts by / }).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("skips an article's blocks below the first screen until they come near, and shows them as they do", async () => {
    const list = await open("/blog", 412);
    const href = await list.page.locator("main ul.grid > li h2 a").first().getAttribute("href");
    await list.page.close();

    // A phone's first screen: the related posts and the footer are left for later (their style,
    // layout and paint skipped), which is what a prefetched document's first frame saves.
    const { page } = await open(href!, 412);
    const related = page.locator("section[aria-labelledby=related-title]");
    const footer = page.locator("footer");
    const visibility = (element: typeof footer) => element.evaluate((node) => getComputedStyle(node).contentVisibility);
    expect(await visibility(related)).toBe("auto");
    expect(await visibility(footer)).toBe("auto");
    // What is inside a skipped block is not rendered (checkVisibility's contentVisibilityAuto).
    const rendered = (element: typeof footer) =>
      element
        .locator("h2")
        .first()
        .evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered(footer)).toBe(false);
    // Scrolled to, it is there as ever.
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(footer)).toBe(true);
    await expect.poll(() => footer.getByRole("link").count()).toBeGreaterThan(3);
    await page.close();

    // The stand-in height is not short of the real one: End reaches the bottom at the first press.
    const fresh = await open(href!, 412);
    await fresh.page.keyboard.press("End");
    await expect
      .poll(() => fresh.page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight))
      .toBe(true);
    await fresh.page.close();
  });

  it("shows the 404 screen for an unknown article", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${baseUrl}/blog/this-post-does-not-exist`);
    expect(response!.status()).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Page doesn't exist");
    await page.close();
  });
});
