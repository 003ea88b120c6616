import type { SitemapEntriesQuery, SitemapEntriesQueryVariables } from "../generated/operations";
import { defineOperation } from "../operation";

/** Every public URL's key, for /sitemap.xml (`$status` and `$now` set by the server: nothing scheduled). */
export const sitemapQuery = defineOperation<SitemapEntriesQuery, SitemapEntriesQueryVariables>(
  /* GraphQL */ `
query SitemapEntries($status: [String], $now: String) {
  posts(filter: { status: { _in: $status }, _or: [{ published_at: { _null: true } }, { published_at: { _lte: $now } }] }, sort: ["-published_at"], limit: 500) { slug published_at }
  authors(limit: 500) { id }
  jobs(filter: { status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, limit: 500) { slug }
  events(filter: { status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, sort: ["-start_at"], limit: 500) { slug start_at }
  pages(
    filter: { status: { _in: $status }, _and: [{ _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, { _or: [{ noindex: { _null: true } }, { noindex: { _eq: false } }] }] }
    sort: ["path"]
    limit: 500
  ) { path canonical date_updated }
}`,
);
