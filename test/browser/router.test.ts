import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { managedHeadSelector } from "../../src/render/head-selector.ts";
import { hasChromium, launchChromium } from "./chromium.ts";
import { openPage, waitForHydration } from "./open-page.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

/** The managed head as [tag, key attribute, value] rows, of this document or of HTML the server sent. */
function headRows(page: Page, html?: string): Promise<string[][]> {
  return page.evaluate(
    ({ selector, html }) => {
      const head = html ? new DOMParser().parseFromString(html, "text/html").head : document.head;
      return [...head.querySelectorAll(selector)].map((element) => [
        element.tagName.toLowerCase(),
        element.getAttribute("name") ??
          element.getAttribute("property") ??
          element.getAttribute("rel") ??
          element.getAttribute("type") ??
          "",
        element.getAttribute("content") ?? element.getAttribute("href") ?? element.textContent ?? "",
      ]);
    },
    { selector: managedHeadSelector, html },
  );
}

/** Marks the document, so a test can tell a client navigation (mark kept) from a full load. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { routerMark: number }).routerMark = 1));
const documentMarked = (page: Page) => page.evaluate(() => (window as unknown as { routerMark?: number }).routerMark === 1);

async function serverHead(page: Page, path: string): Promise<string[][]> {
  const html = await (await fetch(baseUrl + path)).text();
  return headRows(page, html);
}

describe.skipIf(!hasChromium())("client router in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("replaces the whole managed head on client navigation: nothing of the previous page is left", async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}/search?q=gpu`);
    await markDocument(page);
    await page.locator("header").getByRole("link", { name: "Blog", exact: true }).first().click();
    await page.waitForURL(`${baseUrl}/blog`);
    await expect.poll(() => page.title()).toMatch(/^Blog/);
    expect(await documentMarked(page)).toBe(true);
    expect(await headRows(page)).toEqual(await serverHead(page, "/blog"));

    // An article (share image, article tags, two JSON-LD blocks) to the careers list.
    const postHref = await page
      .locator("main a[href^='/blog/']:not([href^='/blog/authors']):not([href$='.xml'])")
      .first()
      .getAttribute("href");
    await page.goto(baseUrl + postHref!);
    await waitForHydration(page);
    const articleHead = await headRows(page);
    expect(articleHead.some(([, key]) => key === "article:published_time")).toBe(true);
    await markDocument(page);
    await page.locator("header").getByRole("link", { name: "Careers", exact: true }).first().click();
    await page.waitForURL(`${baseUrl}/careers`);
    await expect.poll(() => page.title()).toMatch(/^Careers/);
    expect(await documentMarked(page)).toBe(true);
    const careersHead = await headRows(page);
    expect(careersHead).toEqual(await serverHead(page, "/careers"));
    expect(careersHead.some(([, key]) => (key ?? "").startsWith("article:"))).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("once running, loads the next page's data on hover and navigates from it without asking again", async () => {
    const { page } = await openPage(browser, `${baseUrl}/blog`);
    await markDocument(page);
    // The app answers links now: the document prefetch rules are gone.
    expect(await page.locator('script[type="speculationrules"]').count()).toBe(0);
    const article = page.locator("main article a[href^='/blog/']").first();
    const href = (await article.getAttribute("href"))!;
    // This article's queries only: in idle moments the app also loads the other links in view.
    const slug = href.split("/").pop()!;
    const isArticleQuery = (request: Request) =>
      new URL(request.url()).pathname === "/graphql" && (request.postData() ?? "").includes(`"slug":"${slug}"`);
    const queries: string[] = [];
    page.on("request", (request) => {
      if (isArticleQuery(request)) queries.push(request.postDataJSON()?.operationName);
    });
    const preloaded = page.waitForRequest(isArticleQuery);
    await article.hover();
    await preloaded;
    await page.waitForLoadState("networkidle");
    const asked = queries.length;
    expect(asked).toBeGreaterThan(0);
    await article.click();
    await page.waitForURL(baseUrl + href);
    await page.locator("h1").waitFor();
    expect(await documentMarked(page)).toBe(true); // a client navigation
    expect(queries.length).toBe(asked); // served from what the hover loaded
    await page.close();
  });

  it("treats /blog/ as the server does: a full load that lands on /blog", async () => {
    const { page } = await openPage(browser, `${baseUrl}/`);
    await markDocument(page);
    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "/blog/";
      link.id = "trailing-slash-link";
      link.textContent = "Blog with a slash";
      const main = document.getElementById("content")!;
      main.insertBefore(link, main.firstChild);
    });
    await page.click("#trailing-slash-link");
    await page.waitForURL(`${baseUrl}/blog`);
    await waitForHydration(page);
    expect(await page.locator("h1").textContent()).toBe("Blog");
    expect(await documentMarked(page)).toBe(false);
    await page.close();
  });
});
