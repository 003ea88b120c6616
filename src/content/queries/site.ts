import { defineOperation } from "../operation";
import { fileFields } from "./fragments";
import type { DirectusFile } from "../directus-types";

export interface SiteChromeQuery {
  stock_quote: { ticker: string; value: number | string; currency: string; change: number | string; last_update: string | null } | null;
  site_settings: {
    site_name: string | null;
    booking_link: string | null;
    privacy_policy_link: string | null;
    default_social_image: DirectusFile | null;
  } | null;
  newsletter_topics: { key: string; title: string | null; description: string | null }[];
}

/** Header and footer data on every page: stock quote, site settings and newsletter topics. */
export const siteChromeQuery = defineOperation<SiteChromeQuery>(
  /* GraphQL */ `
query SiteChrome($status: [String]) {
  stock_quote { ticker value currency change last_update }
  site_settings {
    site_name
    booking_link
    privacy_policy_link
    default_social_image { ...FileFields }
  }
  newsletter_topics(filter: { status: { _in: $status } }, sort: ["sort"]) { key title description }
}
${fileFields}`,
  ["stock_quote", "site_settings", "newsletter_topics", "directus_files"],
);
