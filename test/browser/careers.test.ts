import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumLaunchOptions, hasChromium } from "./chromium.ts";
import { openPage } from "./open-page.ts";

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
    browser = await chromium.launch(chromiumLaunchOptions());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("filters without a page load, keeps the filters in the URL, and the back button restores them", async () => {
    const { page, problems } = await open("/careers");
    expect(await count(page)).toBe("25 open roles");
    expect(await rows(page)).toBe(25);
    // Once JavaScript runs, the filters apply on change: the submit button is gone.
    expect(await page.getByRole("button", { name: "Show roles" }).isVisible()).toBe(false);
    await page.evaluate(() => {
      (window as unknown as { __careersMarker: string }).__careersMarker = "same document";
    });
    let loads = 0;
    page.on("load", () => loads++);

    await page.getByLabel("Category").selectOption("Research");
    await page.waitForURL(`${baseUrl}/careers?category=Research`);
    expect(await count(page)).toBe("2 open roles");
    expect(await rows(page)).toBe(2);

    await page.getByLabel("Location").selectOption("Remote (EU)");
    await page.waitForURL(`${baseUrl}/careers?category=Research&location=Remote+%28EU%29`);
    expect(await count(page)).toBe("1 open role");

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
    expect(await count(page)).toBe("25 open roles");

    // Keyboard: focus the select and pick the next option with the arrow key.
    await page.getByLabel("Department").focus();
    await page.keyboard.press("ArrowDown");
    await page.waitForURL(/\/careers\?department=/);
    const department = await page.getByLabel("Department").inputValue();
    expect(department).not.toBe("");
    expect(await count(page)).toMatch(/^\d+ open roles?$/);
    expect(await marker(page)).toBe("same document");
    await page.close();
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
