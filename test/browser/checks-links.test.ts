import { LinkChecker } from "linkinator";
import { describe, expect, inject, it } from "vitest";
import { hasChromium } from "./chromium.ts";
import { allPages, notFoundPath } from "./site-pages.ts";

const baseUrl = inject("baseUrl");

/**
 * A crawl by linkinator from every page of the sitemap and the screens outside it: every same-origin
 * link, image (src and srcset), script, stylesheet, CSS url() and #fragment must answer below 400.
 * Links leaving the site are not followed (the machine has no internet).
 */
describe.skipIf(!hasChromium())("links (linkinator crawl)", () => {
  it("finds no broken same-origin link, image or script", async () => {
    const seeds = (await allPages(baseUrl)).map((path) => baseUrl + path);
    const result = await new LinkChecker().check({
      path: seeds,
      recurse: true,
      checkCss: true,
      checkFragments: true,
      concurrency: 8,
      timeout: 30_000,
      linksToSkip: async (url: string) => !url.startsWith(`${baseUrl}/`),
    });
    const checked = result.links.filter((link) => link.url.startsWith(`${baseUrl}/`));
    const broken = checked
      // The 404 screen is a seed on purpose: its status is right, its links are checked.
      .filter((link) => link.state === "BROKEN" && link.url !== baseUrl + notFoundPath)
      .map((link) => `${link.status} ${link.url} (on ${link.parent ?? "the seed list"})`);
    expect(broken).toEqual([]);
    // It really crawled: pages beyond the seeds, images through the image route, the scripts and styles.
    expect(checked.length).toBeGreaterThan(seeds.length);
    expect(checked.some((link) => link.url.includes("/_next/image?"))).toBe(true);
    expect(checked.some((link) => /\/static\/.+\.js$/.test(link.url))).toBe(true);
    expect(checked.some((link) => /\/static\/.+\.css$/.test(link.url))).toBe(true);
  }, 180_000);

  it("gives error screens no canonical link", async () => {
    const html = await (await fetch(baseUrl + notFoundPath)).text();
    expect(html).toContain("<title>Page not found</title>");
    expect(html).not.toContain('rel="canonical"');
  });
});
