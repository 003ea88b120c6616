import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { testSecrets } from "../../../scripts/lib/test-stack.mjs";
import { hasChromium, launchChromium } from "../../../test/browser/chromium.ts";
import { openPage, waitForHydration } from "../../../test/browser/open-page.ts";

/**
 * CMS pages in Chromium: the header menu is the CMS's `header` navigation and navigates in the
 * app; in an editor preview inside the CMS, a page's block fields are outlined for the Visual
 * Editor and no cookie notice covers the page.
 */
const baseUrl = inject("baseUrl");
const cmsUrl = inject("cmsUrl");
const token = testSecrets.DIRECTUS_PREVIEW_TOKEN;
let browser: Browser;

interface MenuItem {
  label: string | null;
  kind: string;
  url: string | null;
  page: { path: string; title: string } | null;
}

describe.skipIf(!hasChromium())("CMS pages in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the header menu from the CMS, and a menu link opens its CMS page in the app", async () => {
    const admin = createApi(cmsUrl, DEFAULTS.DIRECTUS_ADMIN_TOKEN);
    const items = (await admin(
      "GET",
      "/items/navigation_items?filter[navigation][_eq]=header&sort=sort&fields=label,kind,url,page.path,page.title",
    )) as MenuItem[];
    const expected = items.map((item) => ({
      label: item.label ?? item.page?.title,
      href: item.kind === "page" ? item.page?.path : item.url,
    }));
    expect(expected.length).toBeGreaterThan(0);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, problems } = await openPage(context, `${baseUrl}/`);
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    const links = await nav
      .getByRole("link")
      .evaluateAll((anchors) => anchors.map((anchor) => ({ label: anchor.textContent, href: anchor.getAttribute("href") })));
    expect(links).toEqual(expected);
    expect(await page.locator('a[href^="/#"]').count()).toBe(0);

    const products = expected.find((item) => item.href === "/products")!;
    await nav.getByRole("link", { name: products.label! }).click();
    await page.waitForURL(`${baseUrl}/products`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Four products, one network, one bill");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("in the CMS's preview frame, outlines a page's block fields for the Visual Editor and shows no cookie notice", async () => {
    const admin = createApi(cmsUrl, DEFAULTS.DIRECTUS_ADMIN_TOKEN);
    const [pricing] = (await admin("GET", "/items/pages?filter[path][_eq]=/pricing&fields=id")) as { id: number }[];
    // The pricing page's hero is an experiment's (decision 028): a preview shows its control's hero.
    const [control] = (await admin(
      "GET",
      "/items/experiment_variants?filter[experiment][key][_eq]=pricing-hero&filter[is_control][_eq]=true&fields=section.blocks.collection,section.blocks.item",
    )) as { section: { blocks: { collection: string; item: string }[] } }[];
    const placement = control!.section.blocks.find((block) => block.collection === "block_hero");
    // As in editors.test.ts: a stand-in admin page on the CMS origin frames the preview and answers the library's handshake.
    const lnaOff = await launchChromium({ extraArgs: ["--disable-features=LocalNetworkAccessChecks"] });
    const context = await lnaOff.newContext();
    const site = new URL(baseUrl);
    const frameUrl = `http://localhost:${site.port}/api/preview?token=${token}&collection=pages&id=${pricing!.id}`;
    await context.route(`${cmsUrl}/editor-frame`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>CMS</title><iframe src="${frameUrl}" style="width:1200px;height:800px"></iframe><script>
          window.messages = [];
          addEventListener("message", (event) => {
            window.messages.push({ action: event.data && event.data.action, data: event.data && event.data.data });
            if (event.data && event.data.action === "connect") event.source.postMessage({ action: "confirm", data: {} }, "*");
          });
        </script>`,
      }),
    );
    const { page } = await openPage(context, `${cmsUrl}/editor-frame`, { hydrate: false });
    await page.waitForFunction(() =>
      (window as unknown as { messages: { action: string }[] }).messages.some((message) => message.action === "checkFieldAccess"),
    );
    const access = await page.evaluate(
      () =>
        (window as unknown as { messages: { action: string; data: unknown }[] }).messages.find(
          (message) => message.action === "checkFieldAccess",
        )!.data as { collection: string; item: string; fields: string[] }[],
    );
    expect(access).toContainEqual(
      expect.objectContaining({ collection: "block_hero", item: String(placement!.item), fields: ["headline"] }),
    );

    const frame = page.frames().find((candidate) => candidate.url() === `http://localhost:${site.port}/pricing`)!;
    await waitForHydration(frame);
    const headline = frame.locator(`[data-directus="collection:block_hero;item:${placement!.item};fields:headline"]`);
    expect(await headline.count()).toBe(1);
    expect(await frame.getByRole("region", { name: "Cookie consent" }).count()).toBe(0);
    await lnaOff.close();
  });
});
