import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hasChromium, launchChromium } from "./chromium.ts";
import { previewCookie } from "./site-pages.ts";

/**
 * The boot script (src/client/boot.ts): React and the page's code load at the first sign of
 * use, not on arrival; what the visitor did before they ran is replayed once they do.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;

/** Opens `path` with the app's code held back until `release()`; every script request is recorded. */
async function openHeld(path: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const held: Route[] = [];
  let released = false;
  await page.route(/\/static\/hydrate-[^/]+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  const heldRequest = page.waitForRequest(/\/static\/hydrate-[^/]+\.js$/);
  await page.goto(baseUrl + path, { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "deferred");
  const release = async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
  return { page, scripts, heldRequest, release };
}

/** Links nothing may load ahead: an API route, another site, a feed. */
const neverLoadedAhead = ["/api/search?q=gpu", "https://meridian.example/elsewhere", "/blog/rss.xml"];

/** Puts links at the top of the page's main content (runs in the page). */
function insertAtTopOfMain(hrefs: string[]): void {
  const main = document.querySelector("main")!;
  for (const href of hrefs) {
    const link = document.createElement("a");
    link.href = href;
    link.textContent = href;
    main.insertBefore(link, main.firstChild);
  }
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker === 42);

describe.skipIf(!hasChromium())("hydration at the first sign of use", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("loads only the boot script on arrival, and the app at the first pointer move", async () => {
    const { page, scripts, heldRequest, release } = await openHeld("/docs/getting-started/quickstart");
    // Load has fired and the boot script is waiting: nothing else was asked for.
    expect(scripts.filter((path) => path.startsWith("/static/"))).toHaveLength(1);
    expect(scripts.some((path) => /\/static\/(hydrate|shared)-/.test(path))).toBe(false);
    await page.mouse.move(10, 10);
    await heldRequest;
    await release();
    await hydrated(page);
    // The app's chunk, which holds React DOM.
    expect(scripts.some((path) => /\/static\/hydrate-/.test(path))).toBe(true);
    await page.context().close();
  });

  it("follows an in-app link clicked before the app ran as one plain navigation, not held", async () => {
    const { page } = await openHeld("/");
    await mark(page);
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations.push(new URL(frame.url()).pathname);
    });
    // The app's code never arrives (held back), and the click is not waiting for it.
    await page.getByRole("banner").getByRole("link", { name: "Blog", exact: true }).click();
    await page.waitForURL(`${baseUrl}/blog`);
    await page.waitForFunction(() => document.querySelector("h1")?.textContent?.includes("Blog"));
    expect(await marked(page)).toBe(false); // the browser's own navigation
    expect(navigations).toEqual(["/blog"]); // exactly once
    await page.context().close();
  });

  it("on a phone, a tap on a link navigates without starting the app", async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 900 }, hasTouch: true, isMobile: true });
    // The page's clock stands still: the tap comes before the visitor has been reading long
    // enough for the app to start by itself.
    await context.clock.install({ time: 0 });
    await context.clock.pauseAt(1000);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/blog`, { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "deferred");
    const link = page.locator("main article a[href^='/blog/']").first();
    const href = (await link.getAttribute("href"))!;
    await link.tap();
    await page.waitForURL(baseUrl + href);
    await page.locator("h1").waitFor();
    // The visitor was leaving: the 90 kB of app code were not fetched to compete with the next page.
    expect(scripts.some((path) => /\/static\/(hydrate|shared)-/.test(path))).toBe(false);
    await context.close();
  });

  /** The URLs the boot script gave the browser to prefetch (speculation rules of the list kind). */
  const listedForPrefetch = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('script[type="speculationrules"]')].flatMap(
        (script) =>
          (JSON.parse(script.textContent ?? "{}") as { prefetch?: { source: string; urls?: string[] }[] }).prefetch
            ?.filter((rule) => rule.source === "list")
            .flatMap((rule) => rule.urls ?? []) ?? [],
      ),
    );

  /** A phone whose page clock stands still until the test moves it; every /graphql query is recorded by name. */
  async function phoneWithHeldClock(connection?: { saveData: boolean }) {
    const context = await browser.newContext({ viewport: { width: 412, height: 900 }, hasTouch: true, isMobile: true });
    await context.clock.install({ time: 0 });
    await context.clock.pauseAt(1000);
    if (connection) {
      await context.addInitScript((value) => Object.defineProperty(navigator, "connection", { value, configurable: true }), connection);
    }
    const page = await context.newPage();
    const scripts: string[] = [];
    const queries: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      if (new URL(request.url()).pathname === "/graphql") queries.push(JSON.parse(request.postData() ?? "{}").operationName);
    });
    return { context, page, scripts, queries };
  }

  it("on a phone, fetches the pages of the first in-app links in view before the app runs, and a tap shows one in place", async () => {
    const { context, page, scripts } = await phoneWithHeldClock();
    // Links that must never be fetched ahead, and two pages that cannot be shown in place (a
    // missing one, and one whose policy carries a nonce for its form's outside script: their
    // documents are prefetched by the browser instead), at the top of the main content before
    // the boot script looks.
    const missing = "/blog/no-such-post";
    const withOutsideScript = "/contact-sales";
    await context.addInitScript(
      `document.addEventListener("readystatechange", () => {
        if (document.readyState === "interactive") (${insertAtTopOfMain})(${JSON.stringify([...neverLoadedAhead, withOutsideScript, missing])});
      });`,
    );
    const fetchedAhead: string[] = [];
    const documents: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => {
      const path = request.url().replace(baseUrl, "");
      if (request.resourceType() === "fetch" && request.headers().accept === "text/html") fetchedAhead.push(path);
      if (request.resourceType() === "document") documents.push(path);
    });
    page.on("console", (message) => {
      // The missing page's 404 is expected; any other error is not.
      if (message.type() === "error" && !message.text().includes("status of 404")) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${baseUrl}/blog`, { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "deferred");
    // The page links in view: the first article (a phone shows one card at a time), not the
    // list itself, its tag filters, the feed or the probes.
    const inView = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>("main a[href^='/']")]
        .filter((link) => {
          const box = link.getBoundingClientRect();
          const { pathname } = new URL(link.href);
          const page = pathname !== "/blog" && !pathname.includes(".") && !pathname.startsWith("/api/");
          return page && box.bottom > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
        })
        .map((link) => link.getAttribute("href")!),
    );
    const expected = [...new Set(inView)].slice(0, 3);
    expect(expected.length).toBeGreaterThan(0);
    // Fetched as the links come into view; the clock moves only when the test moves it.
    await expect
      .poll(async () => {
        await context.clock.runFor(100);
        return fetchedAhead.length;
      })
      .toBe(expected.length);
    expect([...fetchedAhead].sort()).toEqual([...expected].sort());
    expect(expected).toEqual(expect.arrayContaining([missing, withOutsideScript]));
    // Shown in place, so the browser is not also asked to prefetch their documents; only the
    // two others' are.
    await expect.poll(async () => (await listedForPrefetch(page)).sort()).toEqual([withOutsideScript, missing].sort());
    expect(scripts.some((path) => /\/static\/(hydrate|shared)-/.test(path))).toBe(false);
    const list = { title: await page.title(), h1: await page.locator("h1").first().textContent() };

    // A tap on the first, once its page is at hand (the link is marked so, and the page's rules
    // leave it alone): its page is shown in this document, with its head and state, at the top,
    // the main content focused, and no request.
    await mark(page);
    const articlePath = expected.find((path) => path !== missing && path !== withOutsideScript)!;
    const first = page.locator(`main a[href="${articlePath}"]`).first();
    await expect.poll(() => first.getAttribute("data-shown-in-place")).toBe("at-hand");
    await first.scrollIntoViewIfNeeded();
    const listScroll = await page.evaluate(() => window.scrollY);
    await first.tap();
    await page.waitForURL(baseUrl + articlePath);
    const article = await (await fetch(baseUrl + articlePath)).text();
    const title = /<title>([^<]*)<\/title>/.exec(article)![1]!.replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
    await expect.poll(() => page.title()).toBe(title);
    expect(await marked(page)).toBe(true);
    expect(fetchedAhead.filter((path) => path === articlePath)).toHaveLength(1);
    expect(documents).toEqual(["/blog"]);
    expect(await page.evaluate(() => JSON.parse(document.getElementById("__STATE__")!.textContent!).route)).toBe("post");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(baseUrl + articlePath);
    expect(await page.locator("head title").count()).toBe(1);
    expect(await page.evaluate(() => [window.scrollY, document.activeElement?.id])).toEqual([0, "content"]);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBeGreaterThan(0);

    // Back: the list again, as it was left, where it was left; forward: the article again, where
    // the visitor had scrolled it. Still one document.
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.goBack();
    await page.waitForURL(`${baseUrl}/blog`);
    expect(await page.evaluate(() => window.scrollY)).toBe(listScroll);
    expect(await page.title()).toBe(list.title);
    expect(await page.locator("h1").first().textContent()).toBe(list.h1);
    expect(await page.evaluate(() => JSON.parse(document.getElementById("__STATE__")!.textContent!).route)).toBe("blog");
    await page.goForward();
    await page.waitForURL(baseUrl + articlePath);
    expect(await page.evaluate(() => window.scrollY)).toBe(400);
    expect(await page.title()).toBe(title);
    expect(await marked(page)).toBe(true);
    expect(documents).toEqual(["/blog"]);

    // The app, started later, hydrates the page shown, without a mismatch.
    await page.keyboard.press("Shift");
    await expect
      .poll(async () => {
        await context.clock.runFor(100);
        return page.evaluate(() => document.documentElement.dataset.hydrated);
      })
      .toBe("true");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("on a phone, a tap on a link whose page is still being fetched ahead waits for that fetch, shows the page in place and stops the other fetches", async () => {
    const { context, page } = await phoneWithHeldClock();
    // Two more pages in view above the articles, so that three fetches are under way at once.
    await context.addInitScript(
      `document.addEventListener("readystatechange", () => {
        if (document.readyState === "interactive") (${insertAtTopOfMain})(["/careers", "/events"]);
      });`,
    );
    const held = new Map<string, Route>();
    const fetchedAhead: string[] = [];
    const stopped: string[] = [];
    const documents: string[] = [];
    await page.route(
      (url) => ["/careers", "/events"].includes(url.pathname) || url.pathname.startsWith("/blog/"),
      (route) => {
        const request = route.request();
        if (request.resourceType() !== "fetch") return route.continue();
        held.set(new URL(request.url()).pathname, route);
      },
    );
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (request.resourceType() === "fetch" && request.headers().accept === "text/html") fetchedAhead.push(path);
      if (request.resourceType() === "document") documents.push(path);
    });
    page.on("requestfailed", (request) => {
      if (request.resourceType() === "fetch") stopped.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/blog`, { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "deferred");
    await expect
      .poll(async () => {
        await context.clock.runFor(100);
        return held.size;
      })
      .toBe(3);
    const articlePath = [...held.keys()].find((path) => path.startsWith("/blog/"))!;
    const article = page.locator(`main a[href="${articlePath}"]`).first();
    // Nothing is at hand yet, but the link is marked from the start of its fetch: the page's rules
    // do not fetch its document as well when the finger comes down.
    expect(await article.getAttribute("data-shown-in-place")).toBe("");
    await mark(page);
    await article.tap();
    // The finger's page gets the network: the two other fetches stop.
    await expect.poll(() => [...stopped].sort()).toEqual(["/careers", "/events"]);
    expect(page.url()).toBe(`${baseUrl}/blog`);
    // Its own fetch arrives: the page is shown in this document, from that one fetch.
    await held.get(articlePath)!.continue();
    await page.waitForURL(baseUrl + articlePath);
    await expect.poll(() => page.evaluate(() => JSON.parse(document.getElementById("__STATE__")!.textContent!).route)).toBe("post");
    expect(await marked(page)).toBe(true);
    expect(documents).toEqual(["/blog"]);
    expect(fetchedAhead.filter((path) => path === articlePath)).toHaveLength(1);
    // Back: the list again, its images whole (any download stopped for the tap is resumed).
    await page.goBack();
    await page.waitForURL(`${baseUrl}/blog`);
    const images = await page.evaluate(() =>
      [...document.querySelectorAll("main img")].map((image) => [image.hasAttribute("src"), image.hasAttribute("data-paused-sources")]),
    );
    expect(images.length).toBeGreaterThan(0);
    expect(images.every(([src, paused]) => src && !paused)).toBe(true);
    await context.close();
  });

  it("on a phone, fetches the pages of the links in view once the page has loaded, also before an observer has reported them", async () => {
    const { context, page } = await phoneWithHeldClock();
    // A slow phone paints its first frame, and its observers first report, only after the load
    // event; a finger can come down in between. Here the observers never report.
    await context.addInitScript(() => {
      window.IntersectionObserver = class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      } as unknown as typeof IntersectionObserver;
    });
    const fetchedAhead: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "fetch" && request.headers().accept === "text/html")
        fetchedAhead.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/blog`, { waitUntil: "load" });
    const article = page.locator("main article a[href^='/blog/']").first();
    const articlePath = (await article.getAttribute("href"))!;
    expect(await article.evaluate((link) => link.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await expect.poll(() => fetchedAhead).toContain(articlePath);
    await expect.poll(() => article.getAttribute("data-shown-in-place")).not.toBeNull();
    // Only links in view: not the articles further down.
    const below = await page
      .locator("main article a[href^='/blog/']")
      .evaluateAll((links) =>
        links.filter((link) => link.getBoundingClientRect().top > window.innerHeight).map((link) => link.getAttribute("href")!),
      );
    expect(below.length).toBeGreaterThan(0);
    expect(fetchedAhead.filter((path) => below.includes(path))).toEqual([]);
    await context.close();
  });

  it("on a phone, a finger down on a link whose page is being fetched ahead does not have its document fetched as well", async () => {
    const { context, page } = await phoneWithHeldClock();
    // A slow link, so that the page's fetch ahead is still under way when the finger comes down
    // (not intercepted: Chromium makes no speculative prefetch while a test intercepts requests;
    // a round trip under 1.4 s, or the browser reports a 2G link and nothing is fetched ahead).
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 1000, downloadThroughput: -1, uploadThroughput: -1 });
    const asked: { path: string; type: string; prefetch: boolean }[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin !== baseUrl) return;
      asked.push({ path: url.pathname, type: request.resourceType(), prefetch: Boolean(request.headers()["sec-purpose"]) });
    });
    // The finger comes as soon as the page's fetch has left, long before it can be back.
    await page.goto(`${baseUrl}/blog`, { waitUntil: "commit" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "deferred", null);
    const article = page.locator("main article a[href^='/blog/']").first();
    const articlePath = (await article.getAttribute("href"))!;
    await expect.poll(() => asked.some(({ path, type }) => path === articlePath && type === "fetch")).toBe(true);
    await mark(page);
    await article.tap();
    await page.waitForURL(baseUrl + articlePath);
    await expect.poll(() => page.evaluate(() => JSON.parse(document.getElementById("__STATE__")!.textContent!).route)).toBe("post");
    expect(await marked(page)).toBe(true);
    // The finger came down while the page was on its way: its one fetch, no prefetch of its
    // document beside it (they would share the link), no document.
    expect(asked.filter(({ path }) => path === articlePath)).toEqual([{ path: articlePath, type: "fetch", prefetch: false }]);
    await context.close();
  });

  it("on a phone, a tap on a link whose page was not fetched ahead fetches it at the finger and shows it in place", async () => {
    const { context, page } = await phoneWithHeldClock();
    const fetchedAhead: string[] = [];
    const documents: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (request.resourceType() === "fetch" && request.headers().accept === "text/html") fetchedAhead.push(path);
      if (request.resourceType() === "document") documents.push(path);
    });
    await page.goto(`${baseUrl}/blog`, { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "deferred");
    // A link the boot script never looked at (added after it watched the page's links), as one
    // that comes into view at the moment the finger lands on it.
    const articles = await page
      .locator("main article a[href^='/blog/']")
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")!))]);
    const target = articles.at(-1)!;
    await page.evaluate(insertAtTopOfMain, [target]);
    expect(fetchedAhead).not.toContain(target);
    await mark(page);
    await page.locator(`main > a[href="${target}"]`).tap();
    await page.waitForURL(baseUrl + target);
    await expect.poll(() => page.evaluate(() => JSON.parse(document.getElementById("__STATE__")!.textContent!).route)).toBe("post");
    // Shown in place from the one fetch made at the finger, not loaded as a document.
    expect(await marked(page)).toBe(true);
    expect(documents).toEqual(["/blog"]);
    expect(fetchedAhead.filter((path) => path === target)).toHaveLength(1);
    await context.close();
  });

  it("on a phone, the app does not start while a tapped page is on its way, and starts for that page once it is shown", async () => {
    const { context, page, scripts } = await phoneWithHeldClock();
    const held = new Map<string, Route>();
    await page.route(
      (url) => url.pathname.startsWith("/blog/"),
      (route) => {
        if (route.request().resourceType() !== "fetch") return route.continue();
        held.set(new URL(route.request().url()).pathname, route);
      },
    );
    const documents: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${baseUrl}/blog`, { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "deferred");
    const article = page.locator("main article a[href^='/blog/']").first();
    const articlePath = (await article.getAttribute("href"))!;
    await expect
      .poll(async () => {
        await context.clock.runFor(100);
        return held.has(articlePath);
      })
      .toBe(true);
    await mark(page);
    await article.tap();
    // The visitor has now stayed long enough for the app to start by itself (2 s of reading),
    // but the tapped page is on its way: the app waits (its timers ran with the clock, so it would
    // be starting by now).
    await context.clock.runFor(6000);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe("deferred");
    expect(scripts.some((path) => /\/static\/(hydrate|shared)-/.test(path))).toBe(false);
    // The page arrives: shown in place, from that fetch, not loaded again as a document.
    await held.get(articlePath)!.continue();
    await page.waitForURL(baseUrl + articlePath);
    await expect.poll(() => page.evaluate(() => JSON.parse(document.getElementById("__STATE__")!.textContent!).route)).toBe("post");
    expect(await marked(page)).toBe(true);
    expect(documents).toEqual(["/blog"]);
    // Then, once the visitor has been reading it, the app starts and hydrates the page shown.
    await expect
      .poll(async () => {
        await context.clock.runFor(500);
        return page.evaluate(() => document.documentElement.dataset.hydrated);
      })
      .toBe("true");
    expect(await marked(page)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("on a phone, a tap while the app's code is still downloading shows the page in place, and the app then hydrates that page", async () => {
    const { context, page, scripts } = await phoneWithHeldClock();
    const held: Route[] = [];
    let released = false;
    await page.route(/\/static\/hydrate-[^/]+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
    const documents: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${baseUrl}/blog`, { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "deferred");
    const article = page.locator("main article a[href^='/blog/']").first();
    const articlePath = (await article.getAttribute("href"))!;
    const title = (await article.textContent())!.trim();
    await expect
      .poll(async () => {
        await context.clock.runFor(100);
        return article.getAttribute("data-shown-in-place");
      })
      .toBe("at-hand");
    // The visitor has been reading: the app starts, and its code is on its way (held here).
    await expect
      .poll(async () => {
        await context.clock.runFor(500);
        return held.length;
      })
      .toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe("starting");
    // A tap now: the page at hand is shown in place, not loaded as a document beside the app's download.
    await mark(page);
    await article.tap();
    await page.waitForURL(baseUrl + articlePath);
    await expect.poll(() => page.evaluate(() => JSON.parse(document.getElementById("__STATE__")!.textContent!).route)).toBe("post");
    expect(await marked(page)).toBe(true);
    expect(documents).toEqual(["/blog"]);
    // The app's code arrives: it hydrates the page shown, without a mismatch.
    released = true;
    for (const route of held.splice(0)) await route.continue();
    await expect
      .poll(async () => {
        await context.clock.runFor(100);
        return page.evaluate(() => document.documentElement.dataset.hydrated);
      })
      .toBe("true");
    expect(await page.locator("h1").first().textContent()).toContain(title);
    expect(await marked(page)).toBe(true);
    expect(scripts.some((path) => /\/static\/hydrate-/.test(path))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("on a phone, a page fetched ahead more than five minutes before the tap is loaded as a document", async () => {
    const { context, page } = await phoneWithHeldClock();
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url().replace(baseUrl, ""));
    });
    await page.goto(`${baseUrl}/blog`, { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "deferred");
    const first = page.locator("main article a[href^='/blog/']").first();
    const href = (await first.getAttribute("href"))!;
    await expect
      .poll(async () => {
        await context.clock.runFor(100);
        return first.getAttribute("data-shown-in-place");
      })
      .toBe("at-hand");
    // The page's clock jumps past the page's freshness without running the timers (the reading
    // timer would start the app): the tap is the browser's, a new document.
    await context.clock.setSystemTime((await page.evaluate(() => Date.now())) + 6 * 60_000);
    await mark(page);
    await first.tap();
    await page.waitForURL(baseUrl + href);
    await page.locator("h1").waitFor();
    expect(await marked(page)).toBe(false);
    expect(documents).toEqual(["/blog", href]);
    await context.close();
  });

  it("on a phone, starts the app once the visitor has been reading, loads the pages of the links in view, and a tap renders in place", async () => {
    const { context, page, scripts, queries } = await phoneWithHeldClock();
    await page.goto(`${baseUrl}/blog`, { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "deferred");
    // Links that must never be loaded ahead, in view at the top of the main content.
    await page.evaluate(insertAtTopOfMain, neverLoadedAhead);
    expect(scripts.some((path) => /\/static\/(hydrate|shared)-/.test(path))).toBe(false);

    // Two seconds of reading: the app loads and hydrates. (The page's clock moves only when the
    // test moves it; the app's code arrives over the network meanwhile.)
    const advanceUntil = (done: () => Promise<boolean>) =>
      expect
        .poll(async () => {
          if (await done()) return true;
          await context.clock.runFor(500);
          return false;
        })
        .toBe(true);
    const article = page.locator("main article a[href^='/blog/']").first();
    const href = (await article.getAttribute("href"))!;
    const title = (await article.textContent())!.trim();
    const slug = href.split("/").pop();
    let loadedAhead = false;
    page.on("response", (response) => {
      if (response.url() === `${baseUrl}/graphql` && response.request().postData()!.includes(`"slug":"${slug}"`)) loadedAhead = true;
    });
    await advanceUntil(() => page.evaluate(() => document.documentElement.dataset.hydrated === "true"));
    // In the idle moments after it, the article in view is loaded ahead (its data and its code).
    await advanceUntil(async () => loadedAhead);
    await mark(page);
    const before = queries.length;
    await article.tap();
    await page.waitForURL(baseUrl + href);
    await page.locator("h1", { hasText: title }).waitFor();
    expect(await marked(page)).toBe(true); // rendered by the app, not a new document
    expect(queries.slice(before)).toEqual([]); // and from what was loaded ahead
    const asked = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
    expect(asked.filter((url) => url.includes("/api/search") || url.includes("elsewhere") || url.includes("rss.xml"))).toEqual([]);
    await context.close();
  });

  it("in an editor's preview, the running app loads no page ahead: drafts change under the editor", async () => {
    const { context, page, scripts, queries } = await phoneWithHeldClock();
    const [name, value] = (await previewCookie(baseUrl)).split("=") as [string, string];
    await context.addCookies([{ name, value, url: baseUrl }]);
    await page.goto(`${baseUrl}/blog`, { waitUntil: "load" });
    // A preview hydrates at once; the app watches the links in view from then on.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    // The browser has told observers that the first article is in view (an observer made now
    // hears it after the app's, made earlier)...
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const observer = new IntersectionObserver(() => {
            observer.disconnect();
            resolve();
          });
          observer.observe(document.querySelector("main article a[href^='/blog/']")!);
        }),
    );
    // ...and idle moments pass: on a public page the article's route code is asked for here.
    await context.clock.runFor(5000);
    // A request of the page's own after those moments: requests leave in order, so one the
    // app made during them would have been seen before this one.
    const control = page.waitForRequest(
      (request) => request.url() === `${baseUrl}/graphql` && request.postData()!.includes("ControlProbe"),
    );
    await page.evaluate(() => {
      void fetch("/graphql", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ operationName: "ControlProbe", query: "query ControlProbe { __typename }" }),
      });
    });
    await control;
    expect(scripts.filter((path) => /\/static\/post-/.test(path))).toEqual([]);
    expect(queries.filter((operation) => operation === "BlogPost")).toEqual([]);
    await context.close();
  });

  it("on a phone saving data, reading does not start the app, and no document is fetched ahead", async () => {
    const { context, page, scripts } = await phoneWithHeldClock({ saveData: true });
    await page.goto(`${baseUrl}/blog`, { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "deferred");
    await context.clock.runFor(10_000);
    // The reading timer would have started the app within those ten seconds (synchronously, as
    // the clock ran): it is still waiting for a sign of use, and none of its code was asked for.
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe("deferred");
    expect(scripts.some((path) => /\/static\/(hydrate|shared)-/.test(path))).toBe(false);
    // Nor did it list the links in view for prefetching.
    expect(await listedForPrefetch(page)).toEqual([]);
    await context.close();
  });

  it("prefetches the next page on hover before the app runs, but not /api/*, files or other sites", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The app's code is blocked, not intercepted: Chromium makes no speculative prefetch while a
    // test intercepts requests.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setBlockedURLs", { urls: ["*/static/hydrate-*"] });
    const prefetched: string[] = [];
    page.on("request", (request) => {
      if (request.headers()["sec-purpose"]?.includes("prefetch")) prefetched.push(request.url());
    });
    await page.goto(`${baseUrl}/blog`, { waitUntil: "load" });
    // Links the rules must leave alone, outside the app's root, hovered first.
    await page.evaluate((hrefs) => {
      for (const href of hrefs) {
        const link = document.createElement("a");
        link.href = href;
        link.textContent = href;
        link.className = "hover-probe";
        document.body.insertBefore(link, document.body.firstChild);
      }
    }, neverLoadedAhead);
    for (const probe of await page.locator(".hover-probe").all()) await probe.hover();
    // Then an article: once its prefetch is made, the probes' would have been made before it.
    const article = page.locator("main article a[href^='/blog/']").first();
    const href = (await article.getAttribute("href"))!;
    const articlePrefetch = page.waitForRequest((request) => request.url() === baseUrl + href && Boolean(request.headers()["sec-purpose"]));
    await article.hover();
    await articlePrefetch;
    expect(prefetched).toEqual([baseUrl + href]);
    await context.close();
  });

  it("replays a button pressed before the app ran", async () => {
    const { page, heldRequest, release } = await openHeld("/");
    await page.getByRole("button", { name: "Cookie settings" }).click();
    await heldRequest;
    await release();
    await page.getByRole("dialog", { name: "Cookie settings" }).waitFor();
    await page.context().close();
  });

  it("replays a button of a lazily loaded island (the cookie notice) pressed before the app ran", async () => {
    const { page, heldRequest, release } = await openHeld("/careers");
    const notice = page.getByRole("region", { name: "Cookie consent" });
    await page.getByRole("button", { name: "Allow all" }).click();
    await heldRequest;
    await release();
    await page.waitForSelector('script[src="/analytics.js"]', { state: "attached" });
    await notice.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("replays the search shortcut pressed before the app ran", async () => {
    const { page, heldRequest, release } = await openHeld("/blog");
    await page.keyboard.press("/");
    await heldRequest;
    await release();
    await hydrated(page);
    await page.getByRole("dialog", { name: /search/i }).waitFor();
    await page.context().close();
  });
});
