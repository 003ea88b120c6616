import type { Context } from "hono";
import { blogPostsQuery } from "../content/queries/blog";
import { authorName } from "../content/reshape";
import type { AppEnv } from "../env";
import { t } from "../i18n";
import { escapeXml } from "../render/serialize";
import { blogPath, blogRssPath, postHref } from "../lib/paths/blog";

/** Items in the feed: the latest posts. */
const rssItemCount = 20;
/** Feed readers poll: a few minutes in browsers and at the edge, stale while refreshing. */
const rssCacheControl = "public, max-age=300, s-maxage=300, stale-while-revalidate=3600";

const element = (name: string, value: string, attributes = "") => `<${name}${attributes}>${escapeXml(value)}</${name}>`;
const rfc822 = (iso: string) => new Date(iso).toUTCString();

/** GET /blog/rss.xml — RSS 2.0 feed of the latest published posts, links absolute from SITE_URL. */
export async function rssFeed(c: Context<AppEnv>): Promise<Response> {
  const { posts } = await c.get("content").query(blogPostsQuery);
  const site = c.env.SITE_URL;
  const absolute = (path: string) => new URL(path, site).toString();
  const latest = posts.slice(0, rssItemCount);
  const newest = latest.find((post) => post.published_at)?.published_at;

  const items = latest.map((post) => {
    const link = absolute(postHref(post.slug));
    const author = post.author ? authorName(post.author) : "";
    const tags = Array.isArray(post.tags) ? post.tags.map(String) : [];
    return [
      "<item>",
      element("title", post.title ?? post.slug),
      element("link", link),
      element("guid", link, ' isPermaLink="true"'),
      post.published_at ? element("pubDate", rfc822(post.published_at)) : "",
      post.description ? element("description", post.description) : "",
      author ? element("dc:creator", author) : "",
      ...tags.map((tag) => element("category", tag)),
      "</item>",
    ]
      .filter(Boolean)
      .join("");
  });

  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    element("title", t("meta.title_template", { title: t("blog.title"), name: c.env.SITE_NAME })),
    element("link", absolute(blogPath)),
    element("description", t("blog.description")),
    element("language", "en"),
    newest ? element("lastBuildDate", rfc822(newest)) : "",
    `<atom:link href="${escapeXml(absolute(blogRssPath))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ]
    .filter((line, index, all) => line !== "" || index === all.length - 1)
    .join("\n");

  return c.body(xml, 200, { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": rssCacheControl });
}
