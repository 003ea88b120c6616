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
}

/** Header and footer data on every page: stock quote and site settings (singletons). */
export const siteChromeQuery = defineOperation<SiteChromeQuery>(
  /* GraphQL */ `
query SiteChrome {
  stock_quote { ticker value currency change last_update }
  site_settings {
    site_name
    booking_link
    privacy_policy_link
    default_social_image { ...FileFields }
  }
}
${fileFields}`,
  ["stock_quote", "site_settings", "directus_files"],
);
