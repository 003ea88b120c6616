import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { hasChromium, launchChromium } from "../../../test/browser/chromium.ts";
import { openPage } from "../../../test/browser/open-page.ts";

/** The seeded changelog and the docs pages' feedback widget in Chromium, with and without JavaScript. */
const baseUrl = inject("baseUrl");
const admin = createApi(inject("cmsUrl"), DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const stamp = Date.now().toString(36);
let browser: Browser;

/** The kinds and products of the entries listed. */
const listed = (page: Page) =>
  page.$$eval("#content ol > li", (items) =>
    items.map((item) => ({
      kind: item.querySelector("article span")?.textContent ?? "",
      products: [...item.querySelectorAll("article div a")].map((a) => a.textContent ?? ""),
    })),
  );
const marker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: string }).__marker);

/** The stored comments containing `text`. */
const storedWith = async (text: string) =>
  (
    (await admin("GET", `/items/docs_feedback?${new URLSearchParams({ fields: "page,helpful,comment", limit: "100", sort: "-id" })}`)) as {
      page: string;
      helpful: boolean;
      comment: string;
    }[]
  ).filter((row) => row.comment?.includes(text));

describe.skipIf(!hasChromium())("changelog filters in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("filters by product and then kind without a page load (client navigation), and back restores the list", async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}/changelog`);
    const all = await listed(page);
    expect(all.length).toBeGreaterThanOrEqual(10);
    await page.evaluate(() => {
      (window as unknown as { __marker: string }).__marker = "same document";
    });

    await page
      .getByRole("navigation", { name: "Product" })
      .getByRole("link", { name: /^Object Storage/ })
      .click();
    await page.waitForURL(`${baseUrl}/changelog?product=object-storage`);
    await page.waitForFunction(() => document.querySelector("h1")?.textContent === "Object Storage changelog");
    const storage = await listed(page);
    expect(storage.length).toBeGreaterThan(0);
    expect(storage.length).toBeLessThan(all.length);
    expect(storage.every((entry) => entry.products.includes("Object Storage"))).toBe(true);

    await page.getByRole("navigation", { name: "Kind" }).getByRole("link", { name: "Fixed" }).click();
    await page.waitForURL(`${baseUrl}/changelog?product=object-storage&kind=fixed`);
    await page.waitForFunction(() =>
      [...document.querySelectorAll("#content ol > li")].every((li) => li.querySelector("article span")?.textContent === "Fixed"),
    );
    const fixed = await listed(page);
    expect(fixed.length).toBeGreaterThan(0);
    expect(fixed.every((entry) => entry.kind === "Fixed" && entry.products.includes("Object Storage"))).toBe(true);
    expect(await marker(page)).toBe("same document");

    await page.goBack();
    await page.waitForURL(`${baseUrl}/changelog?product=object-storage`);
    await page.waitForFunction((count) => document.querySelectorAll("#content ol > li").length === count, storage.length);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("works without JavaScript: the filter links load the filtered page", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const { page } = await openPage(context, `${baseUrl}/changelog`, { hydrate: false, width: 375 });
    await page.getByRole("navigation", { name: "Kind" }).getByRole("link", { name: "Deprecated" }).click();
    await page.waitForURL(`${baseUrl}/changelog?kind=deprecated`);
    const deprecated = await listed(page);
    expect(deprecated.length).toBeGreaterThan(0);
    expect(deprecated.every((entry) => entry.kind === "Deprecated")).toBe(true);
    await context.close();
  });
});

describe.skipIf(!hasChromium())("'Was this page helpful?' in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("with JavaScript: answers in place (no page load) and the comment reaches Directus", async () => {
    const path = "/docs/getting-started/quickstart";
    const { page, problems } = await openPage(browser, baseUrl + path);
    await page.evaluate(() => {
      (window as unknown as { __marker: string }).__marker = "same document";
    });
    const widget = page.locator("#page-feedback");
    await widget.scrollIntoViewIfNeeded();
    // Near the viewport, the widget's code loads and hydrates it (a click before that posts the
    // plain form, which the no-JavaScript test covers).
    await widget.locator("form[data-ready]").waitFor();
    const comment = `Needs a Go example ${stamp}`;
    await widget.getByLabel("Anything we should add or fix? (optional)").fill(comment);
    await widget.getByRole("button", { name: "No" }).click();
    await widget.getByText("Thank you for your feedback.").waitFor();
    expect(page.url()).toBe(baseUrl + path);
    expect(await marker(page)).toBe("same document");
    expect(await storedWith(comment)).toEqual([{ page: path, helpful: false, comment }]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("without JavaScript: a plain post, a redirect back and a thank-you", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const path = "/docs/api/clusters/create-cluster";
    const { page } = await openPage(context, baseUrl + path, { hydrate: false });
    const comment = `Show the quota error ${stamp}`;
    await page.locator("#page-feedback textarea").fill(comment);
    await page.locator("#page-feedback").getByRole("button", { name: "Yes" }).click();
    await page.waitForURL(`${baseUrl}${path}?feedback=thanks#page-feedback`);
    expect(await page.locator("#page-feedback").textContent()).toContain("Thank you for your feedback.");
    expect(await storedWith(comment)).toEqual([{ page: path, helpful: true, comment }]);
    await context.close();
  });
});
