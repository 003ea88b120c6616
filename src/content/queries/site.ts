import { defineOperation } from "../operation";
import { fileFields } from "./fragments";
import type { SiteChromeQuery, SiteChromeQueryVariables } from "../generated/operations";

/** Header and footer data on every page: stock quote, site settings and newsletter topics. */
export const siteChromeQuery = defineOperation<SiteChromeQuery, SiteChromeQueryVariables>(
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
);
