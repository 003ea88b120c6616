import { describe, expect, it } from "vitest";
import { mockDirectus, request, textOf } from "./helpers";

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
});

describe("legal pages", () => {
  it.each([
    ["/legal/privacy-policy", "Privacy policy"],
    ["/legal/terms", "Terms of service"],
  ])("%s renders its text", async (path, title) => {
    const response = await request(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${title} | Meridian Cloud</title>`);
    expect(textOf(html)).toContain(title);
  });

  it("answers an unknown legal page with 404", async () => {
    expect((await request("/legal/cookies-and-more")).status).toBe(404);
  });
});
