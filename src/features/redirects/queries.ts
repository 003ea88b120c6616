import { defineOperation } from "../../content/operation";
import type { RedirectsQuery, RedirectsQueryVariables } from "../../content/generated/operations";

/**
 * One page of the active redirects (Directus' permissions hide inactive ones and editors' notes;
 * a page or post that is not live comes back null), with the hosts a redirect may lead to.
 */
export const redirectsQuery = defineOperation<RedirectsQuery, RedirectsQueryVariables>(
  /* GraphQL */ `
query Redirects($limit: Int!, $offset: Int!) {
  redirects(limit: $limit, offset: $offset, sort: ["-priority", "id"]) {
    id
    source
    match
    status_code
    target
    keep_query
    priority
    target_page { id path }
    target_post { id slug }
  }
  site_settings { redirect_hosts }
}`,
);
