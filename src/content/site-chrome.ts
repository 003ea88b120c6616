import { reshapeSiteChrome } from "./reshape";
import { siteChromeQuery } from "./queries/site";
import type { SiteChrome } from "./types/site";
import type { SiteConfig } from "../config/site";
import type { ContentSource } from "./operation";

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
