import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hasChromium, launchChromium } from "../../../test/browser/chromium.ts";
import { openPage, waitForHydration } from "../../../test/browser/open-page.ts";

const baseUrl = inject("baseUrl");
const quickstart = "/docs/getting-started/quickstart";
let browser: Browser;
let context: BrowserContext;

/** Marks the document, so a test can tell a client navigation (mark kept) from a full load. */
const mark = "docsRouterMark";

describe.skipIf(!hasChromium())("docs in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("marks the current page in the sidebar with its section open, and hydrates without a problem", async () => {
    const { page, problems } = await openPage(context, baseUrl + quickstart);
    const sidebar = page.locator("[data-docs-sidebar]");
    const current = sidebar.locator('a[aria-current="page"]');
    expect(await current.getAttribute("href")).toBe(quickstart);
    expect(await current.isVisible()).toBe(true);
    expect(await sidebar.locator("details[open] > summary").allTextContents()).toEqual(["Getting started"]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("highlights the heading being read in the table of contents while scrolling", async () => {
    const { page } = await openPage(context, baseUrl + quickstart);
    const links = page.locator("[data-toc-link]");
    const ids = await links.evaluateAll((elements) => elements.map((element) => element.getAttribute("data-toc-link")!));
    expect(ids.length).toBeGreaterThan(2);
    const target = ids[2]!;
    await page.evaluate((id) => document.getElementById(id)!.scrollIntoView({ block: "start" }), target);
    await expect.poll(() => page.locator('[data-toc-link][aria-current="location"]').getAttribute("data-toc-link")).toBe(target);
    await page.close();
  });

  it("copies a code block with its button", async () => {
    const { page } = await openPage(context, baseUrl + quickstart);
    const block = page
      .locator(".doc-body .code-block")
      .filter({ has: page.locator("button[data-copy]:visible") })
      .first();
    const code = await block.locator("pre code").textContent();
    await block.locator("button[data-copy]").click();
    await expect.poll(() => block.locator("button[data-copy]").textContent()).toBe("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await page.close();
  });

  it("switches code tabs by click and keyboard, and copies the page as Markdown", async () => {
    const { page } = await openPage(context, baseUrl + quickstart);
    const tabs = page.locator(".doc-body [data-code-tabs]").first();
    const panels = tabs.locator(".code-tab-panel");
    expect(await panels.nth(0).isVisible()).toBe(true);
    expect(await panels.nth(1).isVisible()).toBe(false);
    await tabs.locator("label").nth(1).click();
    expect(await panels.nth(1).isVisible()).toBe(true);
    expect(await panels.nth(0).isVisible()).toBe(false);
    await tabs.locator("input").nth(1).focus();
    await page.keyboard.press("End");
    expect(await panels.last().isVisible()).toBe(true);

    await page.getByRole("button", { name: "Copy page as Markdown" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# Quickstart\n/);
    await page.close();
  });

  it("navigates between doc pages without a reload and keeps the sidebar's scroll position", async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto(baseUrl + quickstart);
    await waitForHydration(page);
    await page.evaluate((name) => ((window as unknown as Record<string, number>)[name] = 1), mark);
    const sidebar = page.locator("[data-docs-sidebar]");
    await sidebar.evaluate((element) => {
      for (const details of element.querySelectorAll("details")) details.open = true;
      element.scrollTop = 240;
    });
    const scrolled = await sidebar.evaluate((element) => element.scrollTop);
    expect(scrolled).toBeGreaterThan(0);
    const link = sidebar.locator('a[href^="/docs/gpu-clusters/"]').first();
    const href = (await link.getAttribute("href"))!;
    await link.click();
    await page.waitForURL(baseUrl + href);
    await expect.poll(() => page.locator("[data-docs-sidebar] a[aria-current='page']").getAttribute("href")).toBe(href);
    expect(await page.evaluate((name) => (window as unknown as Record<string, number>)[name], mark)).toBe(1);
    expect(await sidebar.evaluate((element) => element.scrollTop)).toBe(scrolled);
    await page.close();
  });

  it("keeps a section open after navigating to a page of another section", async () => {
    const { page } = await openPage(context, baseUrl + quickstart);
    const sidebar = page.locator("[data-docs-sidebar]");
    await sidebar.locator("summary", { hasText: "GPU clusters" }).click(); // opened by hand (natively)
    const link = sidebar.locator('a[href^="/docs/gpu-clusters/"]').first();
    const href = (await link.getAttribute("href"))!;
    await link.click();
    await page.waitForURL(baseUrl + href);
    await expect.poll(() => sidebar.locator("a[aria-current='page']").getAttribute("href")).toBe(href);
    expect(await sidebar.locator("details[open] > summary").allTextContents()).toEqual(["Getting started", "GPU clusters"]);
    await page.close();
  });

  it("puts the tree in a menu on phones", async () => {
    const { page } = await openPage(browser, baseUrl + quickstart, { width: 375 });
    expect(await page.locator("[data-docs-sidebar]").isVisible()).toBe(false);
    const menu = page.locator("summary", { hasText: "Browse the docs" });
    await menu.click();
    const link = page.locator("details[open] nav a[href='/docs/getting-started/overview']");
    expect(await link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL(`${baseUrl}/docs/getting-started/overview`);
    await page.close();
  });
});
