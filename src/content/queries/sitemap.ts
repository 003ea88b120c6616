import type { SitemapEntriesQuery, SitemapEntriesQueryVariables } from "../generated/operations";
import { defineOperation } from "../operation";

/**
 * The keys of pages, posts, authors, jobs and events for /sitemap.xml, read in one request for
 * those content types' sitemap entries (their `content-type.server.ts`; `$status` and `$now` set
 * by the server: nothing scheduled). Every row (`limit: -1`): a site of ten thousand posts lists them all, and the
 * sitemap becomes an index of files past the protocol's limits.
 */
export const sitemapQuery = defineOperation<SitemapEntriesQuery, SitemapEntriesQueryVariables>(
  /* GraphQL */ `
query SitemapEntries($status: [String], $now: String) {
  posts(filter: { status: { _in: $status }, _or: [{ published_at: { _null: true } }, { published_at: { _lte: $now } }] }, sort: ["-published_at"], limit: -1) { slug published_at }
  authors(limit: -1) { id }
  jobs(filter: { status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, limit: -1) { slug }
  events(filter: { status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, sort: ["-start_at"], limit: -1) { slug start_at }
  pages(
    filter: { status: { _in: $status }, _and: [{ _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, { _or: [{ noindex: { _null: true } }, { noindex: { _eq: false } }] }] }
    sort: ["path"]
    limit: -1
  ) { path canonical date_updated }
}`,
);
