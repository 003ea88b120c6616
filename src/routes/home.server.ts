import type { Context } from "hono";
import type { AppEnv } from "../env";
import { t } from "../i18n";
import type { PageResult } from "../render/render-page.server";
import { loadSiteChrome } from "./site-chrome.server";

/** Loader of the main page `/`. */
export async function loadHome(c: Context<AppEnv>): Promise<PageResult> {
  const site = await loadSiteChrome(c);
  return {
    state: { view: "home", data: {}, site },
    meta: {
      description: t("meta.default_description"),
      path: "/",
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Organization",
          name: site.name,
          url: c.env.SITE_URL,
          logo: new URL("/favicon.svg", c.env.SITE_URL).toString(),
        },
      ],
    },
  };
}
