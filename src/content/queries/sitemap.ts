import type { SitemapEntriesQuery, SitemapEntriesQueryVariables } from "../generated/operations";
import { defineOperation } from "../operation";

/** Every public URL's key, for /sitemap.xml. */
export const sitemapQuery = defineOperation<SitemapEntriesQuery, SitemapEntriesQueryVariables>(
  /* GraphQL */ `
query SitemapEntries($status: [String]) {
  posts(filter: { status: { _in: $status } }, sort: ["-published_at"], limit: 500) { slug published_at }
  authors(limit: 500) { id }
  jobs(filter: { status: { _in: $status } }, limit: 500) { slug }
  events(filter: { status: { _in: $status } }, sort: ["-start_at"], limit: 500) { slug start_at }
}`,
);
