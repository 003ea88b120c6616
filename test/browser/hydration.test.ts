import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hasChromium, launchChromium } from "./chromium.ts";
import { openPage } from "./open-page.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

const open = (path: string, width = 1280) => openPage(browser, baseUrl + path, { width });

describe.skipIf(!hasChromium())("hydration in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
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
