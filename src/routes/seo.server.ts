import { type Context, Hono } from "hono";
import { sitemapQuery } from "../content/queries/sitemap";
import type { AppEnv } from "../env";
import { escapeXml } from "../render/serialize";
import { authorHref, postHref } from "../lib/paths/blog";
import { publicHtmlCacheControl } from "../render/cache-policy";
import { apiOperationHref, apiTagHref, usableNavigation } from "../features/docs/api-reference/types";
import { apiNavigationQuery } from "../features/docs/api-reference/queries";
import { changelogEntriesQuery } from "../features/changelog/queries";
import { docsTreeQuery } from "../features/docs/queries";
import { productFacets, reshapeChangelogEntry, type ChangelogEntry } from "../features/changelog/entries";
import { changelogHref } from "../lib/paths/changelog";
import { buildDocsTree } from "../features/docs/tree";
import { legalPages } from "../features/legal/legal-pages";
import { routeIds, routeTable } from "./table";
import { eventHref } from "../lib/paths/events";
import { jobHref } from "../lib/paths/careers";

/** Where each kind of content lives on the site. */
const contentPaths = {
  post: postHref,
  author: authorHref,
  job: jobHref,
  event: eventHref,
};

/** Pages without parameters (search results are never indexed), and the legal pages. */
const staticPaths = [
  ...routeIds.map((id) => routeTable[id].path).filter((path) => !path.includes(":") && !path.includes("*") && path !== "/search"),
  ...Object.keys(legalPages).map((page) => `/legal/${page}`),
];

/** The sitemaps protocol's limits for one file: 50,000 URLs and 50 MB (uncompressed). */
export const sitemapLimits = { urls: 50_000, bytes: 50 * 1024 * 1024 };
const sitemapNamespace = "http://www.sitemaps.org/schemas/sitemap/0.9";
const xmlHeaders = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": publicHtmlCacheControl };
/** One sitemap file: the entries in a `<urlset>`. */
export const urlsetXml = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${sitemapNamespace}">\n${entries.join("\n")}\n</urlset>\n`;
/** The file without entries; each entry adds its own bytes and one newline. */
const envelopeBytes = urlsetXml([]).length - 1;
const utf8 = new TextEncoder();

/** Every indexable page as a `<url>` entry, in the sitemap's order. */
async function sitemapEntries(c: Context<AppEnv>): Promise<string[]> {
  const [data, docs, apiResult, changelog] = await Promise.all([
    c.get("content").query(sitemapQuery),
    c.get("content").query(docsTreeQuery),
    c.get("content").query(apiNavigationQuery),
    c.get("content").query(changelogEntriesQuery),
  ]);
  const changelogProducts = productFacets(
    changelog.changelog_entries.map(reshapeChangelogEntry).filter((entry): entry is ChangelogEntry => entry !== null),
  );
  const api = usableNavigation(apiResult.api_reference?.navigation);
  const docsTree = buildDocsTree(docs.docs_sections, docs.docs_pages);
  const docsUpdated = new Map(docs.docs_pages.map((page) => [page.id, page.date_updated]));
  const url = (path: string, lastmod?: string | null) =>
    `<url><loc>${escapeXml(new URL(path, c.env.SITE_URL).toString())}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod.slice(0, 10))}</lastmod>` : ""}</url>`;
  return [
    ...staticPaths.map((path) => url(path)),
    // CMS pages under their own URL; `/` is already a static path, a page with another canonical URL is that page.
    ...data.pages.filter((page) => page.path && page.path !== "/" && !page.canonical).map((page) => url(page.path!, page.date_updated)),
    ...data.posts.map((post) => url(contentPaths.post(post.slug), post.published_at)),
    ...data.authors.map((author) => url(contentPaths.author(author.id))),
    ...data.jobs.map((job) => url(contentPaths.job(job.slug))),
    ...data.events.map((event) => url(contentPaths.event(event.slug))),
    ...docsTree.sections.map((section) => url(section.href)),
    ...docsTree.ordered.map(({ page }) => url(page.href, docsUpdated.get(page.id))),
    // Each product's changelog is a page of its own (its own title, feed and canonical address).
    ...changelogProducts.map((product) => url(changelogHref({ product: product.slug }))),
    ...(api?.tags ?? []).flatMap((tag) => [
      url(apiTagHref(tag.slug)),
      ...tag.operations.map((operation) => url(apiOperationHref(tag.slug, operation.slug))),
    ]),
  ];
}

/** The entries cut into files that each stay within the protocol's limits. */
export function splitSitemap(entries: string[], limits = sitemapLimits): string[][] {
  const parts: string[][] = [[]];
  let bytes = envelopeBytes;
  for (const entry of entries) {
    const size = utf8.encode(entry).length + 1;
    const part = parts.at(-1)!;
    if (part.length > 0 && (part.length >= limits.urls || bytes + size > limits.bytes)) {
      parts.push([entry]);
      bytes = envelopeBytes + size;
    } else {
      part.push(entry);
      bytes += size;
    }
  }
  return parts;
}

/**
 * /robots.txt and /sitemap.xml. Only prod is crawlable. Past one file's limits, /sitemap.xml
 * becomes a sitemap index of /sitemap-1.xml, /sitemap-2.xml, …
 */
export const seoRoutes = new Hono<AppEnv>()
  .get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    if (c.env.ENVIRONMENT !== "prod") return c.text("User-agent: *\nDisallow: /\n");
    return c.text(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /search\n\nSitemap: ${new URL("/sitemap.xml", c.env.SITE_URL)}\n`);
  })
  .get("/sitemap.xml", async (c) => {
    const parts = splitSitemap(await sitemapEntries(c));
    if (parts.length === 1) return c.body(urlsetXml(parts[0]!), 200, xmlHeaders);
    const sitemaps = parts.map(
      (_, index) => `<sitemap><loc>${escapeXml(new URL(`/sitemap-${index + 1}.xml`, c.env.SITE_URL).toString())}</loc></sitemap>`,
    );
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${sitemapNamespace}">\n${sitemaps.join("\n")}\n</sitemapindex>\n`,
      200,
      xmlHeaders,
    );
  })
  .get("/:file{sitemap-[0-9]+\\.xml}", async (c) => {
    const number = Number(c.req.param("file").slice("sitemap-".length, -".xml".length));
    const parts = splitSitemap(await sitemapEntries(c));
    // One file is /sitemap.xml itself; numbered parts exist only past its limits.
    const part = parts.length > 1 ? parts[number - 1] : undefined;
    if (!part)
      return c.body(`No sitemap part ${number}: see /sitemap.xml.\n`, 404, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "public, max-age=0, s-maxage=60",
      });
    return c.body(urlsetXml(part), 200, xmlHeaders);
  });
