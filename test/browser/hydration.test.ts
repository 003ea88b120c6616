import { chromium, type Browser, type ConsoleMessage, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumLaunchOptions, hasChromium } from "./chromium.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

async function open(path: string, width = 1280): Promise<{ page: Page; status: number; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    // The document's own 404 status is expected; anything else logged is a problem.
    const documentStatus = message.location().url === page.url() && message.text().startsWith("Failed to load resource");
    if ((message.type() === "error" || message.type() === "warning") && !documentStatus) problems.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== "document") {
      problems.push(`${response.status()} ${response.url()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const response = await page.goto(baseUrl + path, { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 10_000 });
  return { page, status: response!.status(), problems };
}

describe.skipIf(!hasChromium())("hydration in Chromium", () => {
  beforeAll(async () => {
    browser = await chromium.launch(chromiumLaunchOptions());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("hydrates the main page without a mismatch or a console error", async () => {
    const { page, status, problems } = await open("/");
    expect(status).toBe(200);
    expect(await page.locator("h1").count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("hydrates the 404 page, shows the exact texts and leads back to the main page", async () => {
    const { page, status, problems } = await open("/this-page-does-not-exist", 375);
    expect(status).toBe(404);
    expect(await page.title()).toBe("Page not found");
    expect(await page.locator("h1").textContent()).toBe("Page doesn't exist");
    expect(problems).toEqual([]);
    await page.getByRole("link", { name: "Back to main page" }).click();
    await page.waitForURL(baseUrl + "/");
    await page.close();
  });

  it("opens the mobile menu with the keyboard at 375 px", async () => {
    const { page } = await open("/", 375);
    const menu = page.locator("summary[aria-label='Open menu']");
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("details[open] nav").getByRole("link", { name: "Blog" }).isVisible()).resolves.toBe(true);
    await page.close();
  });
});
