import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hasChromium, launchChromium } from "./chromium.ts";
import { mapConcurrently } from "../support/map-concurrently.ts";
import { openPage } from "./open-page.ts";
import { onePagePerTemplate, pagesBuiltFromBlocks, previewCookie, sitemapPaths } from "./site-pages.ts";

const baseUrl = inject("baseUrl");
/** WCAG 2.1 A and AA, and axe's best practices. */
const ruleSets = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const widths = [375, 1280] as const;
/** Pages checked side by side: each waits mostly on the page and the server. */
const pagesAtOnce = 4;
let browser: Browser;

/** axe-core's violations on the page as it is now, one line per rule and element. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(ruleSets).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")} — ${node.failureSummary?.split("\n")[1]?.trim() ?? ""}`,
    ),
  );
}

/**
 * WCAG 1.4.10 (reflow), which axe does not check: the page is no wider than the screen, so a
 * phone never scrolls it sideways (a scrolling row inside it may).
 */
async function sidewaysScroll(page: Page, width: number): Promise<string[]> {
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  return pageWidth > width ? [`reflow: the page is ${pageWidth} px wide on a ${width} px screen`] : [];
}

/** A page in a context of its own: axe runs part of its work in a second page of that context. */
async function open(path: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const opened = await openPage(context, baseUrl + path, { width });
  // The browser may close first when the last check ends; nothing is left to close then.
  opened.page.on("close", () => void context.close().catch(() => {}));
  return opened.page;
}

/**
 * Accessibility by axe-core on every template at phone and desktop width, and with each
 * interactive state open. Keyboard reach of scrolling regions is axe's scrollable-region-focusable.
 */
describe.skipIf(!hasChromium())("accessibility (axe-core)", () => {
  let templates: Map<string, string>;
  beforeAll(async () => {
    browser = await launchChromium();
    templates = onePagePerTemplate(await sitemapPaths(baseUrl));
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of widths) {
    it(`finds no violation on any template at ${width} px, and no page wider than the screen`, async () => {
      const found = await mapConcurrently([...templates], pagesAtOnce, async ([route, path]) => {
        const page = await open(path, width);
        const lines = [...(await violations(page)), ...(await sidewaysScroll(page, width))].map((line) => `${route} ${path}: ${line}`);
        await page.close();
        return lines;
      });
      expect(found.flat()).toEqual([]);
    }, 180_000);

    it(`finds none on any page built from blocks at ${width} px, and none wider than the screen`, async () => {
      const pages = pagesBuiltFromBlocks(await sitemapPaths(baseUrl));
      expect(pages.length).toBeGreaterThan(5);
      const found = await mapConcurrently(pages, pagesAtOnce, async (path) => {
        const page = await open(path, width);
        const lines = [...(await violations(page)), ...(await sidewaysScroll(page, width))].map((line) => `${path}: ${line}`);
        await page.close();
        return lines;
      });
      expect(found.flat()).toEqual([]);
    }, 180_000);

    it(`finds none with the search dialog showing results at ${width} px`, async () => {
      const page = await open("/", width);
      await page.keyboard.press("/");
      const dialog = page.getByRole("dialog", { name: "Search the site" });
      await dialog.getByRole("combobox").fill("gpu");
      await expect.poll(() => dialog.getByRole("option").count()).toBeGreaterThan(2);
      await page.keyboard.press("ArrowDown"); // an active option too
      expect(await violations(page)).toEqual([]);
      await page.close();
    });

    it(`finds none with the cookie settings dialog open at ${width} px`, async () => {
      const page = await open("/blog", width);
      await page.getByRole("button", { name: "Cookie settings" }).click();
      await page.getByRole("dialog", { name: "Cookie settings" }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.close();
    });

    it(`finds none with the newsletter form showing its errors at ${width} px`, async () => {
      const page = await open("/blog", width);
      const form = page.locator("#newsletter");
      await form.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelector("#newsletter form")?.getAttribute("data-ready") === "true");
      await form.getByRole("button", { name: "Subscribe" }).click();
      await form.getByText("Select at least one subscription").waitFor();
      expect(await violations(page)).toEqual([]);
      await page.close();
    });

    it(`finds none with the contact form showing its errors at ${width} px`, async () => {
      const page = await open("/contact-sales", width);
      const form = page.locator("#form-contact-sales form");
      await form.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelector("#form-contact-sales form")?.getAttribute("data-ready") === "true");
      await form.getByRole("button", { name: "Send to sales" }).click();
      await form.getByText("This field is required").first().waitFor();
      expect(await violations(page)).toEqual([]);
      await page.close();
    });

    it(`finds none with the page feedback refused and thanked after a plain post at ${width} px`, async () => {
      for (const outcome of ["invalid", "thanks"]) {
        const page = await open(`/docs/getting-started/quickstart?feedback=${outcome}`, width);
        await page.locator("#page-feedback").scrollIntoViewIfNeeded();
        expect(await violations(page)).toEqual([]);
        await page.close();
      }
    });

    it(`finds none in the docs with the tree open and another code tab chosen at ${width} px`, async () => {
      const page = await open("/docs/getting-started/quickstart", width); // a page with code tabs
      if (width < 1024) await page.locator("summary", { hasText: "Browse the docs" }).click();
      await page.locator(".doc-body [data-code-tabs]").first().locator("label").nth(1).click();
      expect(await violations(page)).toEqual([]);
      await page.close();
    });

    it(`finds none on an API operation with Try it open and answered, and a response's fields shown, at ${width} px`, async () => {
      const page = await open("/docs/api/clusters/create-cluster", width);
      await page.locator("[data-try-it-open]").click();
      await page.locator("[data-try-it-key]").fill("mrd_test_axe");
      await page.locator("[data-try-it-send]").click();
      await page.locator("[data-try-it-response]").waitFor();
      await page.locator("[data-field='node_pools'] summary").first().click();
      expect(await violations(page)).toEqual([]);
      await page.close();
    });

    it(`finds none on an earlier API version's operation with its notice and the version picker open at ${width} px`, async () => {
      const page = await open("/docs/api/v1/clusters/create-cluster", width);
      await page.locator("[data-api-versions] summary").click();
      await page.locator("[data-api-version='v2']").waitFor();
      expect(await violations(page)).toEqual([]);
      await page.close();
    });

    it(`finds none on a previewed page with the preview bar at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const [name, value] = (await previewCookie(baseUrl)).split("=") as [string, string];
      await context.addCookies([{ name, value, url: baseUrl }]);
      const { page } = await openPage(context, baseUrl + templates.get("post")!, { width });
      await page.getByText("Exit preview").waitFor();
      expect(await violations(page)).toEqual([]);
      await context.close();
    });
  }

  it("finds none with the mobile menu open at 375 px", async () => {
    const page = await open("/", 375);
    await page.locator("summary[aria-label='Open menu']").click();
    await page.locator("details[open] nav").waitFor();
    expect(await violations(page)).toEqual([]);
    await page.close();
  });
});
