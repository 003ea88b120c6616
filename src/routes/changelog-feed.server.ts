import type { Context } from "hono";
import { productFacets, reshapeChangelogEntry, type ChangelogEntry } from "../changelog/entries";
import { changelogEntriesQuery } from "../content/queries/changelog";
import type { AppEnv } from "../env";
import { t } from "../i18n";
import { changelogEntryHref, changelogFeedPath, changelogHref, changelogProductFeedPath } from "../lib/paths/changelog";
import { escapeXml } from "../render/serialize";
import { kindLabel } from "../views/changelog/KindBadge";

/** Items in a feed: the latest entries. */
const feedItemCount = 30;
/** Feed readers poll: a few minutes in browsers and at the edge, stale while refreshing (as the blog's). */
const feedCacheControl = "public, max-age=300, s-maxage=300, stale-while-revalidate=3600";

const element = (name: string, value: string, attributes = "") => `<${name}${attributes}>${escapeXml(value)}</${name}>`;
const rfc822 = (iso: string) => new Date(iso).toUTCString();

/**
 * GET /changelog/rss.xml and /changelog/<product>/rss.xml — RSS 2.0 of the latest live entries
 * (of one product), their bodies as HTML in `description`, links absolute from SITE_URL. A
 * product no entry names is a 404.
 */
export async function changelogFeed(c: Context<AppEnv>): Promise<Response> {
  const productSlug = c.req.param("product");
  const { changelog_entries } = await c.get("content").query(changelogEntriesQuery);
  const all = changelog_entries.map(reshapeChangelogEntry).filter((entry): entry is ChangelogEntry => entry !== null);
  const product = productSlug ? productFacets(all).find((candidate) => candidate.slug === productSlug) : null;
  if (productSlug && !product) return c.text("No such product in the changelog.", 404);

  const site = c.env.SITE_URL;
  const absolute = (path: string) => new URL(path, site).toString();
  const entries = (product ? all.filter((entry) => entry.products.some((p) => p.slug === product.slug)) : all).slice(0, feedItemCount);
  const newest = entries.find((entry) => entry.date)?.date;
  const title = product ? t("changelog.meta_title_product", { product: product.name }) : t("changelog.title");

  const items = entries.map((entry) => {
    const link = absolute(changelogEntryHref(entry.slug));
    return [
      "<item>",
      element("title", entry.title),
      element("link", link),
      element("guid", link, ' isPermaLink="true"'),
      entry.date ? element("pubDate", rfc822(entry.date)) : "",
      element("description", entry.html),
      element("category", kindLabel(entry.kind)),
      ...entry.products.map((p) => element("category", p.name)),
      "</item>",
    ]
      .filter(Boolean)
      .join("");
  });

  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    element("title", t("meta.title_template", { title, name: c.env.SITE_NAME })),
    element("link", absolute(changelogHref({ product: product?.slug }))),
    element(
      "description",
      product
        ? t("changelog.feed_description_product", { product: product.name, name: c.env.SITE_NAME })
        : t("changelog.feed_description", { name: c.env.SITE_NAME }),
    ),
    element("language", "en"),
    newest ? element("lastBuildDate", rfc822(newest)) : "",
    `<atom:link href="${escapeXml(absolute(product ? changelogProductFeedPath(product.slug) : changelogFeedPath))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ]
    .filter((line, index, all) => line !== "" || index === all.length - 1)
    .join("\n");

  return c.body(xml, 200, { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": feedCacheControl });
}
