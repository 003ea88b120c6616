import { siteChromeQuery } from "./queries/site";
import type { MenuItem, SiteChrome } from "./types/site";
import type { SiteConfig } from "../config/site";
import type { ContentSource } from "./operation";
import { menuLinkOf } from "./extensions.server";
import type { NavigationItemFieldsFragment, SiteChromeQuery } from "./generated/operations";
import { keptPerObject } from "../lib/kept-per-object";

/**
 * Data of the shell around every page. Never throws: an error page must render even when
 * the CMS is down, so missing parts are simply left out.
 */
export async function loadSiteChrome({ content, config }: { content: ContentSource; config: SiteConfig }): Promise<SiteChrome> {
  const year = new Date().getUTCFullYear();
  try {
    return reshapeSiteChrome(await content.query(siteChromeQuery), config, year);
  } catch (error) {
    console.warn("site chrome unavailable:", error instanceof Error ? error.message : error);
    return {
      name: config.name,
      year,
      stock: null,
      privacyPolicyUrl: "/legal/privacy-policy",
      bookingUrl: null,
      newsletterTopics: [],
      menus: { header: [], footer: [] },
    };
  }
}

/**
 * The shell's data per query result: a warm render reads the same result object from the
 * content cache's memory on every request, so the menus are reshaped once per read from the
 * CMS, not once per page (the shell's data is never changed in place).
 */
const reshaped = keptPerObject<SiteChromeQuery, SiteChrome>();

function reshapeSiteChrome(data: SiteChromeQuery, config: SiteConfig, year: number): SiteChrome {
  return reshaped(data, `${config.name}\n${year}`, () => reshapeSiteChromeOnce(data, config, year));
}

function reshapeSiteChromeOnce(data: SiteChromeQuery, config: SiteConfig, year: number): SiteChrome {
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

/**
 * Where a menu item links, or null when its target is gone or not public (a draft page). A CMS
 * page knows its own path; a post or a docs page links where its feature says (menuLinks, the
 * content extensions), so this layer spells no feature's URLs.
 */
function menuHref(item: NavigationItemFieldsFragment): string | null {
  switch (item.kind) {
    case "page":
      return item.page?.path ?? null;
    case "url":
      return item.url && (/^\/(?!\/)/.test(item.url) || /^https?:\/\//.test(item.url)) ? item.url : null;
    default: {
      const link = item.kind ? menuLinkOf(item.kind) : undefined;
      return link ? link(item) : null;
    }
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
