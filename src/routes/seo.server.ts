import { Hono } from "hono";
import { sitemapQuery } from "../content/queries/sitemap";
import type { AppEnv } from "../env";
import { escapeXml } from "../render/serialize";
import { authorHref, postHref } from "../lib/paths/blog";
import { publicHtmlCacheControl } from "../render/cache-policy";
import { docsTreeQuery } from "../content/queries/docs";
import { buildDocsTree } from "./docs/tree";
import { legalPages } from "./legal-pages";
import { routeIds, routeTable } from "./table";

/** Where each kind of content lives on the site. */
const contentPaths = {
  post: postHref,
  author: authorHref,
  job: (slug: string) => `/careers/${encodeURIComponent(slug)}`,
  event: (slug: string) => `/events/${encodeURIComponent(slug)}`,
};

/** Pages without parameters (search results are never indexed), and the legal pages. */
const staticPaths = [
  ...routeIds.map((id) => routeTable[id].path).filter((path) => !path.includes(":") && !path.includes("*") && path !== "/search"),
  ...Object.keys(legalPages).map((page) => `/legal/${page}`),
];

/** /robots.txt and /sitemap.xml. Only prod is crawlable. */
export const seoRoutes = new Hono<AppEnv>()
  .get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    if (c.env.ENVIRONMENT !== "prod") return c.text("User-agent: *\nDisallow: /\n");
    return c.text(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /search\n\nSitemap: ${new URL("/sitemap.xml", c.env.SITE_URL)}\n`);
  })
  .get("/sitemap.xml", async (c) => {
    const [data, docs] = await Promise.all([c.get("content").query(sitemapQuery), c.get("content").query(docsTreeQuery)]);
    const docsTree = buildDocsTree(docs.docs_sections, docs.docs_pages);
    const docsUpdated = new Map(docs.docs_pages.map((page) => [page.id, page.date_updated]));
    const url = (path: string, lastmod?: string | null) =>
      `<url><loc>${escapeXml(new URL(path, c.env.SITE_URL).toString())}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod.slice(0, 10))}</lastmod>` : ""}</url>`;
    const entries = [
      ...staticPaths.map((path) => url(path)),
      // CMS pages under their own URL; `/` is already a static path, a page with another canonical URL is that page.
      ...data.pages.filter((page) => page.path && page.path !== "/" && !page.canonical).map((page) => url(page.path!, page.date_updated)),
      ...data.posts.map((post) => url(contentPaths.post(post.slug), post.published_at)),
      ...data.authors.map((author) => url(contentPaths.author(author.id))),
      ...data.jobs.map((job) => url(contentPaths.job(job.slug))),
      ...data.events.map((event) => url(contentPaths.event(event.slug))),
      ...docsTree.sections.map((section) => url(section.href)),
      ...docsTree.ordered.map(({ page }) => url(page.href, docsUpdated.get(page.id))),
    ];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
    return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": publicHtmlCacheControl });
  });
