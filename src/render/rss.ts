import { escapeXml } from "./serialize";

/** One entry of a feed; links absolute. */
interface RssItem {
  title: string;
  link: string;
  published?: string | null | undefined;
  /** Plain text or HTML (escaped either way, as RSS 2.0 readers expect). */
  description?: string | null | undefined;
  author?: string | undefined;
  categories?: readonly string[];
}

/** A feed: its channel and its items, newest first; links absolute. */
export interface RssChannel {
  title: string;
  link: string;
  description: string;
  /** The feed's own address (`atom:link rel="self"`). */
  self: string;
  items: readonly RssItem[];
}

/** Feed readers poll: a few minutes in browsers and at the edge, stale while refreshing. */
const feedCacheControl = "public, max-age=300, s-maxage=300, stale-while-revalidate=3600";

const element = (name: string, value: string, attributes = "") => `<${name}${attributes}>${escapeXml(value)}</${name}>`;
const rfc822 = (iso: string) => new Date(iso).toUTCString();

function item({ title, link, published, description, author, categories = [] }: RssItem): string {
  return [
    "<item>",
    element("title", title),
    element("link", link),
    element("guid", link, ' isPermaLink="true"'),
    published ? element("pubDate", rfc822(published)) : "",
    description ? element("description", description) : "",
    author ? element("dc:creator", author) : "",
    ...categories.map((category) => element("category", category)),
    "</item>",
  ]
    .filter(Boolean)
    .join("");
}

/** An RSS 2.0 document. */
function rssXml(channel: RssChannel): string {
  const newest = channel.items.find((entry) => entry.published)?.published;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    element("title", channel.title),
    element("link", channel.link),
    element("description", channel.description),
    element("language", "en"),
    newest ? element("lastBuildDate", rfc822(newest)) : "",
    `<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...channel.items.map(item),
    "</channel>",
    "</rss>",
    "",
  ]
    .filter((line, index, all) => line !== "" || index === all.length - 1)
    .join("\n");
}

/** The feed as a response, with the feeds' cache policy. */
export const rssResponse = (channel: RssChannel): Response =>
  new Response(rssXml(channel), {
    status: 200,
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": feedCacheControl },
  });
