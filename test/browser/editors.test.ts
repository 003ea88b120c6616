import type { Browser, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULTS, createApi } from "../../cms/scripts/lib.mjs";
import { testSecrets } from "../../scripts/lib/test-stack.mjs";
import manifest from "../../src/generated/asset-manifest.json";
import { hasChromium, launchChromium } from "./chromium.ts";
import { openPage, waitForHydration } from "./open-page.ts";

/**
 * Visual editing in Chromium: a preview page carries the `data-directus` markers and loads the
 * Directus visual-editing library (its own chunk), and inside a CMS frame the library talks to
 * the CMS; a public page has neither.
 */
const baseUrl = inject("baseUrl");
const cmsUrl = inject("cmsUrl");
const token = testSecrets.DIRECTUS_PREVIEW_TOKEN;
const chunk = manifest.clientChunks.find((file) => file.includes("visual-editing"));
let browser: Browser;
let post: { id: number; slug: string };

const isChunk = (request: Request) => Boolean(chunk) && new URL(request.url()).pathname === chunk;

describe.skipIf(!hasChromium())("visual editing in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
    const admin = createApi(cmsUrl, DEFAULTS.DIRECTUS_ADMIN_TOKEN);
    const posts = (await admin("GET", "/items/posts?filter[status][_eq]=published&sort=id&limit=1&fields=id,slug")) as {
      id: number;
      slug: string;
    }[];
    post = posts[0]!;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("has its own chunk, outside what every page loads first", () => {
    expect(chunk).toMatch(/^\/static\/visual-editing-[\w-]+\.js$/);
    expect([manifest.clientEntry, ...manifest.initialChunks]).not.toContain(chunk);
  });

  it("a public page has no markers and never loads the library", async () => {
    const context = await browser.newContext();
    const requests: string[] = [];
    context.on("request", (request) => requests.push(request.url()));
    const { page, status, problems } = await openPage(context, `${baseUrl}/blog/${post.slug}`);
    expect(status).toBe(200);
    expect(await page.locator("[data-directus]").count()).toBe(0);
    expect(await page.getByRole("link", { name: /Edit in CMS/ }).count()).toBe(0);
    await page.waitForLoadState("networkidle");
    expect(requests.filter((url) => url.includes("visual-editing"))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a preview page carries the markers, loads the library and links to the item in the CMS", async () => {
    const context = await browser.newContext();
    const loaded: string[] = [];
    context.on("request", (request) => void (isChunk(request) && loaded.push(request.url())));
    const { page, status, problems } = await openPage(context, `${baseUrl}/api/preview?token=${token}&path=/blog/${post.slug}`);
    expect(status).toBe(200);
    expect(page.url()).toBe(`${baseUrl}/blog/${post.slug}`); // the token is gone from the address
    expect(await page.locator(`[data-directus^="collection:posts;item:${post.id};fields:title"]`).count()).toBe(1);
    expect(await page.locator("[data-directus]").count()).toBeGreaterThanOrEqual(3);
    await expect.poll(() => loaded.length).toBe(1);
    const edit = page.getByRole("link", { name: /Edit in CMS/ });
    expect(await edit.getAttribute("href")).toBe(`${cmsUrl}/admin/content/posts/${post.id}`);
    expect(await edit.getAttribute("target")).toBe("_blank");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("inside the CMS (a cross-site frame: 127.0.0.1 frames localhost) the preview cookie works and the library connects", async () => {
    // The stand-in CMS page below comes from Playwright, not from a server on 127.0.0.1, so
    // Chromium's Local Network Access checks would count it as a public page framing a loopback
    // address; the real admin (Directus on 127.0.0.1) is local itself. Only that check is off.
    const lnaOff = await launchChromium({ extraArgs: ["--disable-features=LocalNetworkAccessChecks"] });
    const context = await lnaOff.newContext();
    const site = new URL(baseUrl);
    const frameUrl = `http://localhost:${site.port}/api/preview?token=${token}&collection=posts&id=${post.id}`;
    // Stands in for the Directus admin: a page on the CMS origin framing the preview, answering
    // the library's handshake the way Directus does and recording what it sends.
    await context.route(`${cmsUrl}/editor-frame`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>CMS</title><iframe src="${frameUrl}" style="width:1200px;height:800px"></iframe><script>
          window.messages = [];
          addEventListener("message", (event) => {
            window.messages.push({ origin: event.origin, action: event.data && event.data.action, data: event.data && event.data.data });
            if (event.data && event.data.action === "connect") event.source.postMessage({ action: "confirm", data: {} }, "*");
          });
        </script>`,
      }),
    );
    const { page, problems } = await openPage(context, `${cmsUrl}/editor-frame`, { hydrate: false });
    await page.waitForFunction(() =>
      (window as unknown as { messages: { action: string }[] }).messages.some((message) => message.action === "checkFieldAccess"),
    );
    const messages = await page.evaluate(
      () => (window as unknown as { messages: { origin: string; action: string; data: unknown }[] }).messages,
    );
    expect(messages.every((message) => message.origin === `http://localhost:${site.port}`)).toBe(true);
    const access = messages.find((message) => message.action === "checkFieldAccess")!.data as {
      collection: string;
      item: string;
      fields: string[];
    }[];
    expect(access).toContainEqual(expect.objectContaining({ collection: "posts", item: String(post.id), fields: ["title"] }));

    const frame = page.frames().find((candidate) => candidate.url().startsWith(`http://localhost:${site.port}/blog/`))!;
    expect(frame.url()).toBe(`http://localhost:${site.port}/blog/${post.slug}`);
    await waitForHydration(frame);
    expect(await frame.locator("[data-directus]").count()).toBeGreaterThanOrEqual(3);
    // The overlay's styles got in under the page's CSP (style-src with the nonce).
    expect(
      await frame.evaluate(() => (document.getElementById("directus-visual-editing-style") as HTMLStyleElement | null)?.nonce ?? ""),
    ).not.toBe("");
    const [cookie] = (await context.cookies(`http://localhost:${site.port}`)).filter((candidate) => candidate.name === "meridian_preview");
    expect(cookie).toMatchObject({ sameSite: "None", secure: true, httpOnly: true });
    // The cover's preload is not used within a few seconds by a frame that is not scrolled to: a warning only.
    expect(problems.filter((problem) => !problem.includes("was preloaded using link preload"))).toEqual([]);
    await lnaOff.close();
  });
});
