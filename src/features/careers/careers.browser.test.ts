import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hasChromium, launchChromium } from "../../../test/browser/chromium.ts";
import { openPage } from "../../../test/browser/open-page.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

/** With a context of its own (JavaScript off), the page is not waited on for hydration. */
const open = (path: string, width = 1280, context?: BrowserContext) =>
  openPage(context ?? browser, baseUrl + path, { width, hydrate: !context });

const count = (page: Page) => page.locator("#careers-count").textContent();
/** Back/forward re-render after the URL changes (client router): wait for the count first. */
const countBecomes = (page: Page, text: string) =>
  page.waitForFunction((expected) => document.querySelector("#careers-count")?.textContent === expected, text);
const rows = (page: Page) => page.locator("#content ul h3 a").count();
const marker = (page: Page) => page.evaluate(() => (window as unknown as { __careersMarker?: string }).__careersMarker);

describe.skipIf(!hasChromium())("careers filters in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("filters without a page load, keeps the filters in the URL, and the back button restores them", async () => {
    const { page, problems } = await open("/careers");
    expect(await count(page)).toBe("25 open roles");
    expect(await rows(page)).toBe(24); // the first page of 24
    // The filters stay where the visitor is: scrolled to the list, they change it in place.
    await page.evaluate(() => window.scrollTo(0, 300));
    // Once JavaScript runs, the filters apply on change: the submit button is gone.
    expect(await page.getByRole("button", { name: "Show roles" }).isVisible()).toBe(false);
    await page.evaluate(() => {
      (window as unknown as { __careersMarker: string }).__careersMarker = "same document";
    });
    let loads = 0;
    page.on("load", () => loads++);

    await page.getByLabel("Category").selectOption("Research");
    await page.waitForURL(`${baseUrl}/careers?category=Research`);
    await countBecomes(page, "2 open roles");
    expect(await rows(page)).toBe(2);
    expect(await page.evaluate(() => window.scrollY)).toBe(300);

    await page.getByLabel("Location").selectOption("Remote (EU)");
    await page.waitForURL(`${baseUrl}/careers?category=Research&location=Remote+%28EU%29`);
    await countBecomes(page, "1 open role");

    await page.goBack();
    await page.waitForURL(`${baseUrl}/careers?category=Research`);
    await countBecomes(page, "2 open roles");
    expect(await count(page)).toBe("2 open roles");
    expect(await page.getByLabel("Location").inputValue()).toBe("");
    expect(await page.getByLabel("Category").inputValue()).toBe("Research");

    await page.goBack();
    await page.waitForURL(`${baseUrl}/careers`);
    await countBecomes(page, "25 open roles");
    expect(await count(page)).toBe("25 open roles");
    expect(await page.getByLabel("Category").inputValue()).toBe("");

    await page.goForward();
    await page.waitForURL(`${baseUrl}/careers?category=Research`);
    await countBecomes(page, "2 open roles");
    expect(await count(page)).toBe("2 open roles");

    expect(await marker(page)).toBe("same document");
    expect(loads).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("is usable with the keyboard, shows an empty state for no match and resets it", async () => {
    const { page } = await open("/careers?category=Design&department=Sales", 375);
    expect(await count(page)).toBe("0 open roles");
    await page.evaluate(() => {
      (window as unknown as { __careersMarker: string }).__careersMarker = "same document";
    });
    await page.getByRole("link", { name: "Show all open roles" }).click();
    await page.waitForURL(`${baseUrl}/careers`);
    await countBecomes(page, "25 open roles");

    // Keyboard: focus the select and pick the next option with the arrow key.
    await page.getByLabel("Department").focus();
    await page.keyboard.press("ArrowDown");
    await page.waitForURL(/\/careers\?department=/);
    const department = await page.getByLabel("Department").inputValue();
    expect(department).not.toBe("");
    await page.waitForFunction(() => document.querySelector("#careers-count")?.textContent !== "25 open roles");
    expect(await count(page)).toMatch(/^\d+ open roles?$/);
    // The select keeps the focus: the next arrow key goes on through the departments.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("filter-department");
    expect(await marker(page)).toBe("same document");
    await page.close();
  });

  it("pages in the app, keeps the total count, and a filter change starts again on page 1", async () => {
    const { page, problems } = await open("/careers");
    await page.evaluate(() => {
      (window as unknown as { __careersMarker: string }).__careersMarker = "same document";
    });
    const pages = page.getByRole("navigation", { name: "Open role pages" });
    await pages.getByRole("link", { name: "Next page" }).click();
    await page.waitForURL(`${baseUrl}/careers?page=2`);
    await page.waitForFunction(() => document.querySelectorAll("#content ul h3 a").length === 1);
    expect(await count(page)).toBe("25 open roles");
    expect(await page.title()).toBe("Careers, page 2 | Meridian Cloud");
    expect(await pages.locator('[aria-current="page"]').textContent()).toBe("2");
    expect(await pages.getByRole("link", { name: "Next page" }).count()).toBe(0);

    await page.getByLabel("Category").selectOption("Engineering");
    await page.waitForURL(`${baseUrl}/careers?category=Engineering`);
    await page.waitForFunction(() => !/^25 /.test(document.querySelector("#careers-count")?.textContent ?? ""));
    const engineering = Number((await count(page))!.split(" ")[0]);
    expect(engineering).toBeGreaterThan(0);
    expect(await rows(page)).toBe(Math.min(engineering, 24));

    await page.goBack();
    await page.waitForURL(`${baseUrl}/careers?page=2`);
    await countBecomes(page, "25 open roles");
    expect(await rows(page)).toBe(1);
    expect(await page.getByLabel("Category").inputValue()).toBe("");
    expect(await marker(page)).toBe("same document");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("pages without JavaScript: plain links to ?page=", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const { page } = await open("/careers", 375, context);
    expect(await rows(page)).toBe(24);
    // On a narrow screen the numbers give way to 'Page 1 of 2' between Previous and Next.
    expect(await page.getByText("Page 1 of 2").isVisible()).toBe(true);
    await Promise.all([page.waitForURL(`${baseUrl}/careers?page=2`), page.getByRole("link", { name: "Next page" }).click()]);
    expect(await count(page)).toBe("25 open roles");
    expect(await rows(page)).toBe(1);
    await Promise.all([page.waitForURL(`${baseUrl}/careers`), page.getByRole("link", { name: "Previous page" }).click()]);
    expect(await rows(page)).toBe(24);
    await context.close();
  });

  it("works without JavaScript: the filters are a GET form rendered on the server", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const { page } = await open("/careers?category=Research", 1280, context);
    expect(await count(page)).toBe("2 open roles");
    expect(await page.getByLabel("Category").inputValue()).toBe("Research");
    await page.getByLabel("Location").selectOption("London, United Kingdom");
    await Promise.all([page.waitForURL(/location=London/), page.getByRole("button", { name: "Show roles" }).click()]);
    expect(new URL(page.url()).searchParams.get("category")).toBe("Research");
    expect(await count(page)).toBe("1 open role");
    await page.getByRole("link", { name: "Research Engineer, Distributed Training" }).click();
    await page.waitForURL(/\/careers\/research-engineer-distributed-training-london$/);
    expect(await page.locator("h1").textContent()).toBe("Research Engineer, Distributed Training");
    await context.close();
  });

  it.each([
    "/careers?category=Research",
    "/careers?page=2",
    "/careers/senior-software-engineer-gpu-scheduler-amsterdam",
    "/events",
    "/events/meridian-at-ai-infra-summit-berlin",
    "/events/webinar-serving-llms-on-a-latency-budget",
  ])("%s hydrates without a mismatch or a console error", async (path) => {
    const { page, problems } = await open(path, 375);
    expect(await page.locator("h1").count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });
});
