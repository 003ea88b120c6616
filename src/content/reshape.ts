/**
 * Reshape functions: Directus' shapes in, the views' types out. The only place that knows
 * how the CMS names things.
 */
import type { SiteConfig } from "../config/site";
import { postHref } from "../lib/paths/blog";
import type { AuthorSummary, EventCard, ImageRef, MenuItem, PostCard, SiteChrome } from "./types/site";
import { eventHref } from "../lib/paths/events";
import type {
  AuthorCardFieldsFragment,
  EventCardFieldsFragment,
  FileFieldsFragment,
  NavigationItemFieldsFragment,
  PostCardFieldsFragment,
  SiteChromeQuery,
} from "./generated/operations";

/**
 * Directus returns some timestamps without a zone (`modified_on`: "2026-11-22T00:13:12"); they
 * are UTC. Parsed explicitly so the server and a browser in any time zone agree.
 */
function parseDirectusDate(value: string): number {
  return Date.parse(/(Z|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value}Z`);
}

/** Public URL of a Directus file; `modified_on` versions it, so caches can keep it forever. */
function fileUrl(file: Pick<FileFieldsFragment, "id" | "modified_on" | "filename_download">, apiBaseUrl: string): string {
  const version = file.modified_on ? `?v=${parseDirectusDate(file.modified_on).toString(36)}` : "";
  return `${apiBaseUrl.replace(/\/$/, "")}/assets/${file.id}${version}`;
}

export function reshapeImage(file: FileFieldsFragment | null | undefined, apiBaseUrl: string, alt?: string | null): ImageRef | null {
  if (!file || !file.width || !file.height) return null;
  return { src: fileUrl(file, apiBaseUrl), width: file.width, height: file.height, alt: alt ?? file.title ?? "" };
}

export function authorName(author: Pick<AuthorCardFieldsFragment, "first_name" | "second_name">): string {
  return [author.first_name, author.second_name].filter(Boolean).join(" ").trim();
}

/** Avatar from the uploaded file, else from `avatar_url` (size unknown: a square is assumed). */
export function reshapeAuthor(author: AuthorCardFieldsFragment, apiBaseUrl: string): AuthorSummary {
  const name = authorName(author);
  const avatar =
    reshapeImage(author.avatar, apiBaseUrl, name) ??
    (author.avatar_url ? { src: author.avatar_url, width: 400, height: 400, alt: name } : null);
  return {
    id: author.id,
    name,
    shortDescription: author.short_description ?? "",
    linkedin: author.linkedin_link,
    avatar,
  };
}

export function reshapeSiteChrome(data: SiteChromeQuery, config: SiteConfig, year: number): SiteChrome {
  const quote = data.stock_quote;
  const settings = data.site_settings;
  return {
    name: config.name,
    year,
    stock:
      quote && quote.ticker
        ? {
            ticker: quote.ticker,
            value: Number(quote.value),
            currency: quote.currency ?? "",
            changePercent: Number(quote.change),
            lastUpdate: quote.last_update ?? new Date(0).toISOString(),
          }
        : null,
    privacyPolicyUrl: settings?.privacy_policy_link || "/legal/privacy-policy",
    bookingUrl: settings?.booking_link ?? null,
    newsletterTopics: (data.newsletter_topics ?? []).map((topic) => ({
      key: topic.key,
      title: topic.title ?? topic.key,
      description: topic.description ?? "",
    })),
    menus: {
      header: reshapeMenu(data.navigation?.find((menu) => menu.key === "header")?.items),
      footer: reshapeMenu(data.navigation?.find((menu) => menu.key === "footer")?.items),
    },
  };
}

type NavigationItem = NavigationItemFieldsFragment & { children?: readonly (NavigationItemFieldsFragment | null)[] | null };

/** A docs page's URL from its slug chain: /docs/<section>/<parents…>/<slug>. */
function docHref(doc: NonNullable<NavigationItemFieldsFragment["doc"]>): string | null {
  const slugs: string[] = [];
  let section: string | null | undefined;
  for (let node: any = doc; node; node = node.parent) {
    if (!node.slug) return null;
    slugs.unshift(node.slug);
    section = node.section?.slug ?? section;
  }
  return section ? `/docs/${[section, ...slugs].map(encodeURIComponent).join("/")}` : null;
}

/** Where a menu item links, or null when its target is gone or not public (a draft page). */
function menuHref(item: NavigationItemFieldsFragment): string | null {
  switch (item.kind) {
    case "page":
      return item.page?.path ?? null;
    case "post":
      return item.post?.slug ? postHref(item.post.slug) : null;
    case "doc":
      return item.doc ? docHref(item.doc) : null;
    case "url":
      return item.url && (/^\/(?!\/)/.test(item.url) || /^https?:\/\//.test(item.url)) ? item.url : null;
    default:
      return null;
  }
}

/**
 * CMS menu items as links. An item whose target is not public is left out, and so is a group
 * (a footer column) left without links; a missing label falls back to the target's title.
 */
function reshapeMenu(items: readonly (NavigationItem | null)[] | null | undefined): MenuItem[] {
  return (items ?? []).flatMap((item): MenuItem[] => {
    if (!item) return [];
    const children = reshapeMenu(item.children);
    const href = item.kind === "group" ? null : menuHref(item);
    const label = item.label || item.page?.title || item.post?.title || item.doc?.title || "";
    if (!label || (href === null && children.length === 0)) return [];
    return [{ id: String(item.id), label, href, children }];
  });
}

export function reshapePostCard(post: PostCardFieldsFragment, apiBaseUrl: string): PostCard {
  return {
    slug: post.slug,
    href: postHref(post.slug),
    title: post.title ?? post.slug,
    description: post.description ?? "",
    publishedAt: post.published_at ? new Date(post.published_at).toISOString() : null,
    tags: Array.isArray(post.tags) ? post.tags.map(String) : [],
    cover: reshapeImage(post.cover, apiBaseUrl, post.title),
    author: post.author ? reshapeAuthor(post.author, apiBaseUrl) : null,
  };
}

/**
 * An event without a start (the lists and the event page leave those out) starts at the epoch:
 * it counts as long past instead of failing the page.
 */
export function reshapeEventCard(event: EventCardFieldsFragment, apiBaseUrl: string): EventCard {
  return {
    slug: event.slug,
    href: eventHref(event.slug),
    title: event.title ?? event.slug,
    startAt: new Date(event.start_at ?? 0).toISOString(),
    endAt: event.end_at ? new Date(event.end_at).toISOString() : null,
    online: Boolean(event.online),
    venue: event.venue,
    location: event.location,
    booth: event.booth,
    bookingUrl: event.booking_link,
    cover: reshapeImage(event.cover, apiBaseUrl, event.title),
  };
}
