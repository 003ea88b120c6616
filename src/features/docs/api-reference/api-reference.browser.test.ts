import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hasChromium, launchChromium } from "../../../../test/browser/chromium.ts";
import { openPage } from "../../../../test/browser/open-page.ts";

const baseUrl = inject("baseUrl");
const createCluster = "/docs/api/clusters/create-cluster";
let browser: Browser;
let context: BrowserContext;

describe.skipIf(!hasChromium())("the API reference in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("loads Try it's code only when it is opened, sends the request to the mock and shows the answer", async () => {
    const { page, problems } = await openPage(context, baseUrl + createCluster);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    const sent: { url: string; authorization: string | null }[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/mock/")) sent.push({ url: request.url(), authorization: request.headers().authorization ?? null });
    });
    await page.click("[data-try-it-open]");
    await page.waitForSelector("[data-try-it-form]");
    expect(scripts.some((url) => /TryItPanel/.test(url))).toBe(true);
    await page.fill("[data-try-it-key]", "mrd_test_browser");
    await page.click("[data-try-it-send]");
    await expect.poll(() => page.locator("[data-try-it-response]").getAttribute("data-try-it-response")).toBe("201");
    expect(sent).toEqual([{ url: `${baseUrl}/api/mock/v1/clusters`, authorization: "Bearer mrd_test_browser" }]);
    expect(await page.locator("[data-try-it-response] pre").textContent()).toContain('"cls_k8Vd31Qe"');
    // The key is never written anywhere the page keeps.
    expect(
      await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie),
    ).not.toContain("mrd_test_browser");

    // A body the schema refuses: the form names the field before anything is sent.
    await page.fill("[data-try-it-body]", JSON.stringify({ name: "llm-train-01", region: "eu-central-1", kubernetes_version: "9.99" }));
    await page.click("[data-try-it-send]");
    await expect.poll(() => page.locator("[data-try-it-problem]").textContent()).toContain("kubernetes_version");
    expect(sent).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("sends Try it of an earlier version's operation to that version's mock, which answers as that version did", async () => {
    const { page, problems } = await openPage(context, `${baseUrl}/docs/api/v1/inference-endpoints/delete-endpoint`);
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/mock/")) sent.push(request.url());
    });
    await page.click("[data-try-it-open]");
    await page.waitForSelector("[data-try-it-form]");
    await page.fill("[data-try-it-key]", "mrd_test_browser");
    await page.click("[data-try-it-send]");
    // v1 answered 204 where v2 answers 202.
    await expect.poll(() => page.locator("[data-try-it-response]").getAttribute("data-try-it-response")).toBe("204");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(new RegExp(`^${baseUrl}/api/mock/@v1/v1/endpoints/`));
    expect(problems).toEqual([]);
    await page.close();
  });
});
