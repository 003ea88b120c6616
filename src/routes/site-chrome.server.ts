import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { SiteChrome } from "../views/site";

/**
 * Data of the shell around every page. Never throws: an error page must render even when
 * the CMS is down, so missing parts are simply left out.
 */
export async function loadSiteChrome(c: Context<AppEnv>): Promise<SiteChrome> {
  return {
    name: c.env.SITE_NAME,
    year: new Date().getUTCFullYear(),
    stock: null,
    privacyPolicyUrl: "/legal/privacy",
  };
}
