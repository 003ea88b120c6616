import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bucketOf } from "./assignment";
import { hasChromium, launchChromium } from "../../../test/browser/chromium.ts";
import { openPage } from "../../../test/browser/open-page.ts";

/**
 * The seeded experiment on /pricing's hero in Chromium (decision 028): the server renders the
 * visitor's variant, so the page never changes after it shows (no swap when the app hydrates), a
 * client navigation shows the same variant, and without consent there is the control and no cookie.
 */
const baseUrl = inject("baseUrl");
const control = "Prices per GPU-hour, billed by the second";
const variant = "GPUs from $0.99 an hour, no minimum term";
let browser: Browser;

/** A visitor id whose bucket falls in the control's half, or in the variant's. */
const idIn = (half: "control" | "variant") => {
  for (let i = 0; ; i += 1) {
    const id = `browser${i.toString().padStart(12, "0")}`;
    if (bucketOf(id, "pricing-hero") < 0.5 === (half === "control")) return id;
  }
};

/** A visitor's browser: headless Chromium names itself HeadlessChrome, which the site counts as a crawler. */
const visitorAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

async function contextWith(cookies: Record<string, string>, userAgent = visitorAgent): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent });
  const url = new URL(baseUrl);
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, domain: url.hostname, path: "/" })));
  return context;
}

const experimentCookie = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === "meridian_exp");

describe.skipIf(!hasChromium())("experiments in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("without consent: the control, and no cookie", async () => {
    const context = await contextWith({});
    const { page, problems } = await openPage(context, `${baseUrl}/pricing`);
    expect(await page.locator("h1").textContent()).toBe(control);
    expect(await experimentCookie(context)).toBeUndefined();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("with consent: the variant of the visitor's id in the server's HTML, the same after hydration and after a client navigation", async () => {
    for (const [half, headline] of [
      ["variant", variant],
      ["control", control],
    ] as const) {
      const id = idIn(half);
      const context = await contextWith({ meridian_consent: "all", meridian_exp: `${id}:pricing-hero:` });
      const page = await context.newPage();
      const response = await page.goto(`${baseUrl}/pricing`, { waitUntil: "load" });
      // The server's HTML shows it (the payload after it carries every variant, for the app's router).
      const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(await response!.text())?.[1];
      expect([half, h1]).toEqual([half, headline]);
      await context.close();

      const again = await contextWith({ meridian_consent: "all", meridian_exp: `${id}:pricing-hero:` });
      const opened = await openPage(again, `${baseUrl}/pricing`);
      expect(await opened.page.locator("h1").textContent()).toBe(headline);
      // From another page through the app's router: its loader decides in the browser, the same.
      const products = await openPage(again, `${baseUrl}/products`);
      await products.page.locator('main a[href="/pricing"]').first().click();
      await products.page.waitForURL(`${baseUrl}/pricing`);
      await expect.poll(() => products.page.locator("h1").textContent()).toBe(headline);
      expect([...opened.problems, ...products.problems]).toEqual([]);
      await again.close();
    }
  });

  it("a page the app's router shows is a page view, which counts its experiment's exposure (the cookie remembers it)", async () => {
    const id = idIn("variant");
    const context = await contextWith({ meridian_consent: "all", meridian_exp: `${id}::` });
    const { page, problems } = await openPage(context, `${baseUrl}/products`);
    await page.waitForFunction(() => "meridianAnalytics" in window); // the analytics script has run
    const pageView = page.waitForRequest(
      (request) => request.url().endsWith("/api/collect") && (request.postData() ?? "").includes('"path":"/pricing"'),
    );
    await page.locator('main a[href="/pricing"]').first().click();
    await page.waitForURL(`${baseUrl}/pricing`);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true"); // the router showed it
    await expect.poll(() => page.locator("h1").textContent()).toBe(variant);
    await (await pageView).response();
    await expect.poll(async () => (await experimentCookie(context))?.value).toBe(`${id}:pricing-hero:`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a crawler sees the control and gets no cookie, even with a consent cookie", async () => {
    const context = await contextWith(
      { meridian_consent: "all", meridian_exp: `${idIn("variant")}:pricing-hero:` },
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    );
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/pricing`, { waitUntil: "load" });
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(await response!.text())?.[1]).toBe(control);
    expect((await experimentCookie(context))?.value).toBe(`${idIn("variant")}:pricing-hero:`);
    await context.close();
  });

  it("a new consented visitor gets a cookie with an id, and the variant that id falls in", async () => {
    const context = await contextWith({ meridian_consent: "all" });
    const { page, problems } = await openPage(context, `${baseUrl}/pricing`);
    const cookie = await experimentCookie(context);
    expect(cookie?.value).toMatch(/^[a-z0-9]{32}:pricing-hero:$/);
    expect(cookie?.httpOnly).toBe(false);
    const id = cookie!.value.split(":")[0]!;
    expect(await page.locator("h1").textContent()).toBe(bucketOf(id, "pricing-hero") < 0.5 ? control : variant);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a click on the variant's call to action sends the experiment's beacon (the analytics script, loaded with consent)", async () => {
    const context = await contextWith({ meridian_consent: "all", meridian_exp: `${idIn("variant")}:pricing-hero:` });
    const { page, problems } = await openPage(context, `${baseUrl}/pricing`);
    expect(await page.locator("[data-experiment='pricing-hero'] h1").textContent()).toBe(variant);
    const beacon = page.waitForRequest(
      (request) => request.url().endsWith("/api/collect") && (request.postData() ?? "").includes("experiment_click"),
    );
    await page.locator("[data-experiment='pricing-hero']").getByRole("link", { name: "Get a quote" }).click();
    expect(JSON.parse((await beacon).postData()!)).toEqual({ type: "experiment_click", experiment: "pricing-hero" });
    await page.waitForURL(`${baseUrl}/contact-sales`);
    expect(problems).toEqual([]);
    await context.close();
  });
});
