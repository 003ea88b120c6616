import { defineOperation } from "../operation";
import { fileFields } from "./fragments";
import type { SiteChromeQuery, SiteChromeQueryVariables } from "../generated/operations";

/** A menu link's target: a page, post or docs page (with what its URL needs), or a URL. */
const navigationItemFields = /* GraphQL */ `
fragment NavigationItemFields on navigation_items {
  id
  label
  kind
  url
  page { id path title }
  post { id slug title }
  doc { id slug title section { id slug } parent { id slug section { id slug } parent { id slug section { id slug } parent { id slug section { id slug } } } } }
}`;

/** Header and footer data on every page: stock quote, site settings, newsletter topics and the menus. */
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
  navigation {
    key
    items(filter: { parent: { id: { _null: true } } }, sort: ["sort"]) {
      ...NavigationItemFields
      children(sort: ["sort"]) { ...NavigationItemFields }
    }
  }
}
${fileFields}
${navigationItemFields}`,
);
