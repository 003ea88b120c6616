import { reshapeSiteChrome } from "./reshape";
import { siteChromeQuery } from "./queries/site";
import type { SiteChrome } from "./types/site";
import type { LoaderArgs } from "../routing/define";

/**
 * Data of the shell around every page. Never throws: an error page must render even when
 * the CMS is down, so missing parts are simply left out.
 */
export async function loadSiteChrome({ content, config }: Pick<LoaderArgs, "content" | "config">): Promise<SiteChrome> {
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
