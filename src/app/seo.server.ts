import { type Context, Hono } from "hono";
import type { Operation } from "../content/operation";
import type { AppEnv } from "../env";
import { escapeXml } from "../render/serialize";
import { publicHtmlCacheControl } from "../render/cache-policy";
import { legalPages } from "../features/legal";
import { contentTypes } from "./content-types.server";
import { routeIds, routeTable } from "./table";

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

/** Every indexable page as a `<url>` entry: the static pages, then each content type's URLs in the registry's order. */
async function sitemapEntries(c: Context<AppEnv>): Promise<string[]> {
  const sitemaps = contentTypes.flatMap((type) => (type.sitemap ? [type.sitemap] : []));
  // Content types that share an operation (the keys of posts, jobs, events, …) share its one request.
  const operations = [...new Set<Operation<any, any>>(sitemaps.map((sitemap) => sitemap.operation))];
  const results = new Map(
    await Promise.all(operations.map(async (operation) => [operation, await c.get("content").query(operation)] as const)),
  );
  const url = (path: string, lastmod?: string | null) =>
    `<url><loc>${escapeXml(new URL(path, c.env.SITE_URL).toString())}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod.slice(0, 10))}</lastmod>` : ""}</url>`;
  return [
    ...staticPaths.map((path) => url(path)),
    ...sitemaps.flatMap((sitemap) => sitemap.urls(results.get(sitemap.operation)).map((entry) => url(entry.path, entry.lastmod))),
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
