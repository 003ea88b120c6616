import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app/create-app";
import { sitemapLimits, splitSitemap, urlsetXml } from "../../src/app/seo.server";
import { sitemapData } from "./fixtures/search";
import { mockDirectus, request, resetContentState, textOf } from "./helpers";

describe("/search", () => {
  it("without a query shows the search field and the proposals", async () => {
    const response = await request("/search");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Search | Meridian Cloud</title>");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toMatch(/<input id="search-proposals-q" type="search"[^>]*name="q"/);
    expect(textOf(html)).toContain("GPU cluster pricing");
    expect(html).toContain('href="/search?q=gpu%20pricing"');
  });

  it("shows ranked results from the site's index with a count per kind and highlights", async () => {
    const response = await request("/search?q=kubernets");
    const html = await response.text();
    const text = textOf(html);
    expect(text).toContain("Results for “kubernets”");
    expect(text).toContain("GPU Scheduler Engineer");
    expect(text).toContain("KubeCon Berlin");
    expect(html).toMatch(/<mark[^>]*>Kubernetes<\/mark>/);
    expect(html).toContain('href="/search?q=kubernets&amp;kind=job"');
  });

  it("has an empty state when nothing matches", async () => {
    const text = textOf(await (await request("/search?q=nothing")).text());
    expect(text).toContain("Nothing matches “nothing”");
    expect(text).toContain("Popular searches");
  });

  it("cuts the search text at 200 characters, says so, and renders it safely", async () => {
    const q = `<script>alert(1)</script>${"x".repeat(300)}`;
    const response = await request(`/search?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("<script>alert(1)");
    expect(textOf(html)).toContain("Only the first 200 characters of your search were used.");
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("disallows everything outside prod", async () => {
    const response = await request("/robots.txt");
    expect(await response.text()).toBe("User-agent: *\nDisallow: /\n");
  });

  it("allows crawling in prod and points at the sitemap", async () => {
    const text = await (await request("/robots.txt", { env: { ENVIRONMENT: "prod", SITE_URL: "https://www.meridian.example" } })).text();
    expect(text).toContain("Allow: /");
    expect(text).toContain("Sitemap: https://www.meridian.example/sitemap.xml");
  });

  it("lists the site's pages and the CMS content", async () => {
    const response = await request("/sitemap.xml");
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    for (const path of ["/", "/blog", "/careers", "/events", "/blog/post-1", "/careers/gpu-scheduler-engineer", "/events/kubecon-berlin"]) {
      expect(xml).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    expect(xml).toContain("<lastmod>2026-11-11</lastmod>");
  });

  it("cuts entries into files within the protocol's limits of URLs and bytes", () => {
    const entries = Array.from({ length: 7 }, (_, index) => `<url><loc>https://x/${index}</loc></url>`);
    expect(splitSitemap(entries, { urls: 3, bytes: 1e6 }).map((part) => part.length)).toEqual([3, 3, 1]);
    // Room for exactly two entries per file, envelope included.
    const bytes = new TextEncoder().encode(urlsetXml(entries.slice(0, 2))).length;
    const bySize = splitSitemap(entries, { urls: 100, bytes });
    expect(bySize.map((part) => part.length)).toEqual([2, 2, 2, 1]);
    for (const part of bySize) expect(new TextEncoder().encode(urlsetXml(part)).length).toBeLessThanOrEqual(bytes);
    expect(bySize.flat()).toEqual(entries);
    expect(splitSitemap([], sitemapLimits)).toEqual([[]]);
  });

  it("becomes a sitemap index past 50,000 URLs, each part a valid urlset", async () => {
    await resetContentState();
    const others = await entriesBesidesPosts();
    await resetContentState();
    const posts = Array.from({ length: 50_001 }, (_, index) => ({ slug: `post-${index}`, published_at: null }));
    const directus = mockDirectus({ SitemapEntries: { ...sitemapData, posts } });
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    const index = await (await request("/sitemap.xml", { app })).text();
    expect(index).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(parts).toEqual(["/sitemap-1.xml", "/sitemap-2.xml"]);
    const urls: string[] = [];
    for (const part of parts) {
      const response = await request(part, { app });
      expect(response.status).toBe(200);
      const xml = await response.text();
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!));
    }
    expect(urls.length).toBe(posts.length + others);
    expect(new Set(urls).size).toBe(urls.length); // no URL twice, none lost between parts
    expect((await request("/sitemap-3.xml", { app })).status).toBe(404);
    await resetContentState();
  });

  it("has no numbered parts while one file holds everything", async () => {
    await resetContentState();
    expect((await request("/sitemap-1.xml")).status).toBe(404);
  });
});

/** Entries of the default fixtures besides their posts (pages, authors, roles, events, docs). */
async function entriesBesidesPosts(): Promise<number> {
  const xml = await (await request("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>/g)].length - sitemapData.posts.length;
}
