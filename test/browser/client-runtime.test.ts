import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hasChromium, launchChromium } from "./chromium.ts";
import { waitForHydration } from "./open-page.ts";

/** The client runtime in a real browser: navigation, progress bar, error boundary, mobile flag, consent, newsletter. */
const baseUrl = inject("baseUrl");
let browser: Browser;

async function open(path: string, { width = 1280, javaScript = true } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: javaScript });
  const page = await context.newPage();
  await page.goto(baseUrl + path, { waitUntil: "domcontentloaded" });
  if (javaScript) await waitForHydration(page);
  return page;
}

/** A marker on window survives in-app navigation and is lost on a full page load. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker === 42);

/** Puts a link to `href` into the page with the clickable element `depth` levels below it. */
async function nestedLink(page: Page, href: string, depth: number, attributes: Record<string, string> = {}) {
  await page.evaluate(
    ({ href, depth, attributes }) => {
      const link = document.createElement("a");
      link.href = href;
      link.id = "probe-link";
      for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
      let parent: HTMLElement = link;
      for (let i = 0; i < depth; i += 1) {
        const child = document.createElement("span");
        parent.appendChild(child);
        parent = child;
      }
      if (!document.getElementById("probe-target")) parent.id = "probe-target";
      parent.dataset.probeTarget = href;
      parent.textContent = "probe";
      Object.assign(link.style, {
        position: "fixed",
        top: `${120 + document.querySelectorAll("[data-probe]").length * 60}px`,
        left: "16px",
        zIndex: "100",
        display: "block",
        background: "#fff",
        padding: "12px",
      });
      link.dataset.probe = "";
      document.body.appendChild(link);
    },
    { href, depth, attributes },
  );
}

describe.skipIf(!hasChromium())("client runtime in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("navigates in the app from a link 10 ancestors up, keeping the query string", async () => {
    const page = await open("/");
    await mark(page);
    await nestedLink(page, "/careers?category=Engineering", 10);
    await page.click("#probe-target");
    await page.waitForURL(`${baseUrl}/careers?category=Engineering`);
    await page.waitForFunction(() => document.title.startsWith("Careers"));
    expect(await marked(page)).toBe(true);
    expect(await page.locator("h1").count()).toBe(1);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/`);
    await page.waitForFunction(() => document.querySelector("h1")?.textContent?.includes("Train and serve"));
    expect(await marked(page)).toBe(true);
    await page.context().close();
  });

  it("leaves a link 11 ancestors up to the browser (a full page load)", async () => {
    const page = await open("/");
    await mark(page);
    await nestedLink(page, "/blog", 11);
    await Promise.all([page.waitForEvent("load"), page.click("#probe-target")]);
    expect(page.url()).toBe(`${baseUrl}/blog`);
    expect(await marked(page)).toBe(false);
    await page.context().close();
  });

  it("leaves hash links and new-tab links to the browser", async () => {
    const page = await open("/");
    await mark(page);
    await nestedLink(page, "/blog#latest", 1, { target: "_blank" });
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.click("#probe-target")]);
    expect(popup.url()).toBe(`${baseUrl}/blog#latest`);
    expect(page.url()).toBe(`${baseUrl}/`);
    await popup.close();
    await page.evaluate(() => document.getElementById("probe-link")!.removeAttribute("target"));
    await Promise.all([page.waitForEvent("load"), page.click("#probe-target")]);
    expect(page.url()).toBe(`${baseUrl}/blog#latest`);
    expect(await marked(page)).toBe(false);
    await page.context().close();
  });

  it("shows the progress bar during a slow route change and removes it after", async () => {
    const page = await open("/");
    // The route's data is held back until the bar has shown: "slow" is decided by the test, not a delay.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route("**/graphql", async (route) => {
      held += 1;
      await released;
      await route.continue();
    });
    await mark(page);
    await nestedLink(page, "/search?q=gpu", 1);
    await page.click("#probe-target");
    await page.waitForSelector('.progress-bar[data-state="loading"]');
    expect(held).toBeGreaterThan(0); // the bar shows while the data is pending
    expect(page.url()).toBe(`${baseUrl}/`);
    release();
    await page.waitForURL(`${baseUrl}/search?q=gpu`);
    await page.waitForSelector(".progress-bar", { state: "detached" });
    expect(await marked(page)).toBe(true);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.context().close();
  });

  it("does not flash the progress bar on a fast route change", async () => {
    const page = await open("/");
    await page.evaluate(() => {
      (window as unknown as { sawBar: boolean }).sawBar = false;
      new MutationObserver(() => {
        if (document.querySelector(".progress-bar")) (window as unknown as { sawBar: boolean }).sawBar = true;
      }).observe(document.body, { childList: true });
    });
    await nestedLink(page, "/?ref=x", 1); // same data as the page: served from the query cache
    await page.click('[data-probe-target="/?ref=x"]');
    await page.waitForURL(`${baseUrl}/?ref=x`);
    expect(await page.evaluate(() => (window as unknown as { sawBar: boolean }).sawBar)).toBe(false);
    await page.context().close();
  });

  it("falls back to a full page load when the route's data cannot be loaded", async () => {
    const page = await open("/");
    await page.route("**/graphql", (route) =>
      route.fulfill({ status: 502, contentType: "application/json", body: '{"errors":[{"message":"down"}]}' }),
    );
    await mark(page);
    await nestedLink(page, "/search?q=slurm", 1);
    await Promise.all([page.waitForEvent("load"), page.click("#probe-target")]);
    expect(page.url()).toBe(`${baseUrl}/search?q=slurm`);
    expect(await marked(page)).toBe(false);
    await page.context().close();
  });

  it("replaces the content with the 500 screen when a page fails to render", async () => {
    const page = await open("/");
    // Data the loader accepts but the view cannot render (an object where a title belongs).
    await page.route("**/graphql", async (route) => {
      const body = route.request().postDataJSON() as { operationName: string };
      const response = await route.fetch();
      const json = (await response.json()) as { data: { siteSearch?: { results: { title: unknown }[] } } };
      const first = json.data.siteSearch?.results[0];
      if (body.operationName === "SiteSearch" && first) first.title = { broken: true };
      await route.fulfill({ response, json });
    });
    await nestedLink(page, "/search?q=gpu", 1);
    await page.click("#probe-target");
    await page.waitForSelector("text=The server could not load the page");
    expect(await page.locator("h1").textContent()).toBe("The server could not load the page");
    expect(await page.locator("header").count()).toBe(1); // the shell stays
    // A query still in the handler (a prefetch) must not outlive the page: its fetch would fail.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.context().close();
  });

  it("flips the mobile flag at 577 px (throttled resize handling)", async () => {
    const page = await open("/", { width: 1280 });
    const flag = () => page.evaluate(() => document.querySelector("[data-mobile]")!.getAttribute("data-mobile"));
    expect(await flag()).toBe("false");
    await page.setViewportSize({ width: 577, height: 900 });
    await page.waitForFunction(() => document.querySelector("[data-mobile]")!.getAttribute("data-mobile") === "true");
    await page.setViewportSize({ width: 578, height: 900 });
    await page.waitForFunction(() => document.querySelector("[data-mobile]")!.getAttribute("data-mobile") === "false");
    await page.context().close();
  });

  it("keeps the cookie choice across reloads, and loads analytics only with consent", async () => {
    const page = await open("/");
    const notice = page.getByRole("region", { name: "Cookie consent" });
    expect(await notice.isVisible()).toBe(true);
    expect(await page.locator('script[src="/analytics.js"]').count()).toBe(0);
    await page.getByRole("button", { name: "Allow all" }).click();
    await page.waitForSelector('script[src="/analytics.js"]', { state: "attached" });
    expect(await notice.count()).toBe(0);
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByRole("region", { name: "Cookie consent" }).count()).toBe(0); // not even a flash: the server knew
    await page.waitForSelector('script[src="/analytics.js"]', { state: "attached" });

    // Manage: analytics off, saved, kept after a reload.
    await page.getByRole("button", { name: "Cookie settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie settings" });
    await dialog.waitFor();
    expect(await dialog.getByText("Always active").isVisible()).toBe(true);
    const analytics = dialog.getByRole("switch", { name: "Analytics cookies" });
    expect(await analytics.isChecked()).toBe(true);
    await analytics.uncheck();
    await dialog.getByRole("button", { name: "Save settings" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.reload();
    await waitForHydration(page);
    expect(await page.locator('script[src="/analytics.js"]').count()).toBe(0);
    expect(await page.getByRole("region", { name: "Cookie consent" }).count()).toBe(0);
    await page.context().close();
  });

  it("counts the view of a page the browser prerendered only once it is shown", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "meridian_consent", value: "all", url: baseUrl }]);
    // Chromium turns prerendering off under DevTools: the page is told it is prerendered.
    await context.addInitScript(() => {
      let prerendering = true;
      Object.defineProperty(document, "prerendering", { get: () => prerendering, configurable: true });
      const beacons: string[] = [];
      Object.assign(window, {
        beacons,
        showPrerendered: () => ((prerendering = false), document.dispatchEvent(new Event("prerenderingchange"))),
      });
      navigator.sendBeacon = (url: string | URL) => (beacons.push(String(url)), true);
    });
    const page = await context.newPage();
    await page.goto(baseUrl + "/blog", { waitUntil: "domcontentloaded" });
    await page.waitForFunction(() => "meridianAnalytics" in window); // the script has run
    const beacons = () => page.evaluate(() => (window as unknown as { beacons: string[] }).beacons);
    expect(await beacons()).toEqual([]);
    await page.evaluate(() => (window as unknown as { showPrerendered: () => void }).showPrerendered());
    expect(await beacons()).toEqual(["/api/collect"]);
    await context.close();
  });

  it("closes the cookie dialog with Escape and keeps focus inside it while open", async () => {
    const page = await open("/");
    await page.getByRole("button", { name: "Manage cookies" }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie settings" });
    await dialog.waitFor();
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.context().close();
  });
});

describe.skipIf(!hasChromium())("newsletter form in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function footerForm(path = "/blog") {
    const page = await open(path);
    await page.evaluate(() => document.getElementById("newsletter")!.scrollIntoView());
    await page
      .waitForFunction(() => document.querySelector("#newsletter form")?.getAttribute("data-ready") === "true")
      .catch(async (error) => {
        console.log("DEBUG", page.url(), (await page.locator("#newsletter").innerHTML()).slice(0, 500));
        throw error;
      });
    return page;
  }

  it("keeps the server-rendered form in place on a phone before its code has loaded", async () => {
    const page = await open("/blog", { width: 375 }); // a long page: the footer is far below
    // The mobile flag re-renders the shell around the still dehydrated form.
    await page.waitForFunction(() => document.querySelector("[data-mobile]")?.getAttribute("data-mobile") === "true");
    expect(await page.locator("#newsletter form[action='/api/subscribe']").count()).toBe(1);
    expect(await page.locator("#newsletter form").getAttribute("data-ready")).toBeNull(); // still the server's HTML
    // Tag the server's form and watch for its removal; then let the form's code load. Hydration
    // finishing (data-ready) is the signal that React is done with the boundary: the form it
    // hydrated must be the server's very element, never removed on the way.
    await page.evaluate(() => {
      const form = document.querySelector("#newsletter form") as HTMLFormElement & { serverRendered?: boolean };
      form.serverRendered = true;
      const probe = window as unknown as { serverFormRemoved: boolean };
      probe.serverFormRemoved = false;
      new MutationObserver(() => {
        if (!form.isConnected) probe.serverFormRemoved = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.evaluate(() => document.getElementById("newsletter")!.scrollIntoView());
    await page.waitForFunction(() => document.querySelector("#newsletter form")?.getAttribute("data-ready") === "true");
    expect(
      await page.evaluate(() => ({
        sameForm: (document.querySelector("#newsletter form") as HTMLFormElement & { serverRendered?: boolean }).serverRendered === true,
        removed: (window as unknown as { serverFormRemoved: boolean }).serverFormRemoved,
      })),
    ).toEqual({ sameForm: true, removed: false });
    await page.context().close();
  });

  it("shows every field message, then the thank-you text with the site's name", async () => {
    const page = await footerForm();
    const form = page.locator("#newsletter");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await form.getByText("Select at least one subscription").waitFor();
    expect(await form.getByText("This field is required").count()).toBe(2); // email and agreement
    await form.getByLabel("Work email").fill("not-an-email");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await form.getByText("Invalid value").waitFor();
    await form.getByLabel("Work email").fill(`reader-${Date.now()}@example.com`);
    await form.getByLabel("Engineering blog").check();
    await form.getByRole("checkbox", { name: /I agree to receive marketing communications/ }).check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await form.getByText("Thank you for your interest in Meridian Cloud").waitFor();
    await page.context().close();
  });

  it("says 'An error occurred' when the server fails", async () => {
    const page = await footerForm();
    await page.route("**/api/subscribe", (route) => route.fulfill({ status: 503, contentType: "application/json", body: "{}" }));
    const form = page.locator("#newsletter");
    await form.getByLabel("Work email").fill("ada@example.com");
    await form.getByLabel("Product updates").check();
    await form.getByRole("checkbox", { name: /I agree/ }).check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await form.getByText("An error occurred").waitFor();
    await page.context().close();
  });

  it("works without JavaScript: a plain form post, and the server renders the same messages", async () => {
    const page = await open("/events", { javaScript: false });
    const form = page.locator("#newsletter");
    await Promise.all([page.waitForEvent("load"), form.getByRole("button", { name: "Subscribe" }).click()]);
    expect(page.url()).toContain("/events?newsletter=");
    expect(await form.getByText("Select at least one subscription").count()).toBe(1);
    expect(await form.getByText("This field is required").count()).toBe(2);
    await form.getByLabel("Work email").fill(`nojs-${Date.now()}@example.com`);
    await form.getByLabel("Events and webinars").check();
    await form.getByRole("checkbox", { name: /I agree/ }).check();
    await Promise.all([page.waitForEvent("load"), form.getByRole("button", { name: "Subscribe" }).click()]);
    expect(await form.getByText("Thank you for your interest in Meridian Cloud").count()).toBe(1);
    await page.context().close();
  });
});
