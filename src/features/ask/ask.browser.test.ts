import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hasChromium, launchChromium } from "../../../test/browser/chromium.ts";
import { openPage } from "../../../test/browser/open-page.ts";

/** Ask the docs: the search dialog's Ask mode (streamed answers, follow-ups, votes) and the /ask page without JavaScript. */
const baseUrl = inject("baseUrl");
let browser: Browser;

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Search the site" });
const logOf = (page: Page) => dialogOf(page).getByRole("log");
const shots = process.env.ASK_SCREENSHOTS;

async function openAskMode(page: Page) {
  await page.keyboard.press("/");
  await dialogOf(page).getByRole("button", { name: "Ask the docs" }).click();
  await expect.poll(() => dialogOf(page).getByRole("textbox", { name: "Your question" }).isVisible()).toBe(true);
}

async function ask(page: Page, question: string) {
  const field = dialogOf(page).getByRole("textbox", { name: "Your question" });
  await field.fill(question);
  await field.press("Enter");
  await page.waitForFunction((q) => {
    const turns = [...document.querySelectorAll("[role=log] article")];
    const last = turns[turns.length - 1];
    return last?.querySelector("h2")?.textContent === q && document.querySelector("[role=log]")?.getAttribute("aria-busy") === "false";
  }, question);
}

describe.skipIf(!hasChromium() || !baseUrl)("Ask the docs", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("answers in the dialog from the event stream with links to the passages, follows up and takes a vote", async () => {
    const { page, problems } = await openPage(browser, `${baseUrl}/docs`);
    await page.context().addCookies([{ name: "meridian_consent", value: "all", url: baseUrl }]);
    const streamed: string[] = [];
    const beacons: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/ask")) streamed.push(request.headers().accept ?? "");
      if (request.url().endsWith("/api/collect")) beacons.push(request.postData() ?? "");
    });
    await openAskMode(page);
    await ask(page, "how long does it take to provision a gpu cluster");
    expect(streamed).toEqual(["text/event-stream"]);
    const first = logOf(page).locator("article").first();
    await expect.poll(() => first.locator("[data-ask-outcome=answered]").count()).toBe(1);
    const citation = first.getByRole("link", { name: /^Source 1: / }).first();
    expect(await citation.getAttribute("href")).toMatch(/^\/docs\/[\w/-]+#[\w-]+$/);
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: `${shots}/dialog-ask-1280.png` });
    }

    // A follow-up carries the conversation so far.
    const followUp = page.waitForRequest((request) => request.url().endsWith("/api/ask"));
    await ask(page, "and with the CLI?");
    const body = JSON.parse((await followUp).postData() ?? "{}") as { history: { question: string; answer: string }[] };
    expect(body.history).toHaveLength(1);
    expect(body.history[0]!.question).toBe("how long does it take to provision a gpu cluster");
    expect(await logOf(page).locator("article").count()).toBe(2);

    // A vote: the button is pressed, thanks are said, and the beacon goes to the analytics.
    const vote = first.getByRole("button", { name: "No, this did not help" });
    await vote.click();
    expect(await vote.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => beacons.some((beacon) => beacon.includes('"ask_vote"') && beacon.includes('"helpful":false'))).toBe(true);

    // A refusal is honest and points at the closest pages.
    await ask(page, "can I pay with bitcoin");
    expect(await logOf(page).locator("article").last().getByText("The docs don't cover this").count()).toBe(1);

    // The citation leads to the passage, whose heading is the target.
    await logOf(page)
      .locator("article")
      .first()
      .getByRole("link", { name: /^Source 1: / })
      .first()
      .click();
    await page.waitForURL(/#[\w-]+$/);
    const hash = new URL(page.url()).hash;
    expect(await page.evaluate(() => document.querySelector(":target")?.tagName)).toMatch(/^H[234]$/);
    expect(hash.length).toBeGreaterThan(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens the dialog's Ask mode from a docs page's form", async () => {
    const { page } = await openPage(browser, `${baseUrl}/docs/gpu-clusters/create-a-cluster`);
    const field = page.getByRole("textbox", { name: "Your question" });
    await field.fill("how long does it take to provision a gpu cluster");
    await field.press("Enter");
    await expect.poll(() => logOf(page).locator("[data-ask-outcome=answered]").count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/docs/gpu-clusters/create-a-cluster");
    await page.close();
  });

  for (const width of [375, 1280]) {
    it(`answers the plain form without JavaScript (${width} px)`, async () => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
      const { page, status } = await openPage(context, `${baseUrl}/docs/gpu-clusters/create-a-cluster`, { width, hydrate: false });
      expect(status).toBe(200);
      const field = page.getByRole("textbox", { name: "Your question" });
      await field.fill("how long does it take to provision a gpu cluster");
      await Promise.all([page.waitForURL(/\/ask\?q=/), field.press("Enter")]);
      expect(await page.locator("[data-ask-outcome=answered]").count()).toBe(1);
      const href = await page
        .getByRole("link", { name: /^Source 1: / })
        .first()
        .getAttribute("href");
      expect(href).toMatch(/#[\w-]+$/);
      if (shots) await page.screenshot({ path: `${shots}/ask-page-${width}.png`, fullPage: true });
      await context.close();
    });
  }
});
