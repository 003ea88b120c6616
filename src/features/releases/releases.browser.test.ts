import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { testSecrets } from "../../../scripts/lib/test-stack.mjs";
import { hasChromium, launchChromium } from "../../../test/browser/chromium.ts";
import { openPage } from "../../../test/browser/open-page.ts";
import { changeInRelease } from "./test-support";

/**
 * A release's preview in Chromium, against the seeded CMS and the site: the preview link opens
 * the site inside the release (its changes on the blog list and the post's page, none of them
 * for the public), and the bar names the release and lists its changes with links to their pages.
 * Screenshots of the bar at 375 and 1280 px go to test-results/screenshots.
 */
const baseUrl = inject("baseUrl");
const cmsUrl = inject("cmsUrl");
const token = testSecrets.DIRECTUS_PREVIEW_TOKEN;
const shots = "test-results/screenshots";
let browser: Browser;
const admin = createApi(cmsUrl, DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const stamp = Date.now().toString(36);
let releaseId: number | null = null;

describe.skipIf(!hasChromium())("a release's preview in Chromium", () => {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    if (releaseId !== null) {
      const versions = (await admin("GET", `/versions?filter[key][_eq]=release-${releaseId}&fields=id`)) as { id: string }[];
      if (versions.length)
        await admin(
          "DELETE",
          "/versions",
          versions.map((version) => version.id),
        );
      await admin("DELETE", `/items/releases/${releaseId}`);
    }
  });

  it("shows the whole site as the release will make it, with a bar listing its changes and their pages", async () => {
    const [post] = (await admin("GET", "/items/posts?filter[status][_eq]=published&sort=-published_at&limit=1&fields=id,slug,title")) as {
      id: number;
      slug: string;
      title: string;
    }[];
    const [price] = (await admin("GET", "/items/prices?filter[status][_eq]=published&sort=id&limit=1&fields=id,name")) as {
      id: number;
      name: string;
    }[];
    const release = (await admin("POST", "/items/releases", { name: `B300 launch ${stamp}`, description: "A new GPU type" })) as {
      id: number;
    };
    releaseId = release.id;
    const newTitle = `B300 clusters are here ${stamp}`;
    await changeInRelease(admin, release.id, "posts", post!.id, { title: newTitle });
    await changeInRelease(admin, release.id, "prices", price!.id, { amount: "4.99" });

    mkdirSync(shots, { recursive: true });
    for (const width of [1280, 375]) {
      // A page of its own context (and cookie jar) at this width.
      const { page, status, problems } = await openPage(browser, `${baseUrl}/api/preview?token=${token}&release=${release.id}&path=/blog`, {
        width,
      });
      expect(status).toBe(200);
      expect(new URL(page.url()).pathname).toBe("/blog");
      const bar = page.locator(`[data-release="${release.id}"]`);
      await expect.poll(() => bar.count()).toBe(1);
      expect(await bar.textContent()).toContain(`B300 launch ${stamp}`);
      expect(await bar.textContent()).toContain("State: Open");
      // The blog list reads inside the release.
      await expect.poll(() => page.getByText(newTitle).count()).toBeGreaterThan(0);
      await bar.locator("summary").click();
      const changes = bar.locator("[data-release-change]");
      expect(await changes.count()).toBe(2);
      expect(await bar.locator('[data-release-change="prices"]').textContent()).toContain("no page of its own");
      await page.screenshot({ path: `${shots}/release-preview-${width}.png` });
      if (width === 1280) {
        // Its change's link (the item as the CMS named it when it was added) opens the post's page, inside the release too.
        await bar.getByRole("link", { name: post!.title }).click();
        await page.waitForURL(`${baseUrl}/blog/${post!.slug}`);
        await expect.poll(() => page.locator("h1").textContent()).toBe(newTitle);
        expect(await page.locator(`[data-release="${release.id}"]`).count()).toBe(1);
      }
      expect(problems).toEqual([]);
      await page.context().close();
    }

    // The public sees none of it.
    const { page } = await openPage(browser, `${baseUrl}/blog/${post!.slug}`, { hydrate: false });
    expect(await page.locator("h1").textContent()).toBe(post!.title);
    expect(await page.locator("[data-release]").count()).toBe(0);
    await page.context().close();
  });
});
