import { defineOperation } from "../operation";

export interface SitemapQuery {
  posts: { slug: string; published_at: string | null }[];
  authors: { id: string }[];
  jobs: { slug: string }[];
  events: { slug: string; start_at: string | null }[];
}

/** Every public URL's key, for /sitemap.xml. */
export const sitemapQuery = defineOperation<SitemapQuery>(
  /* GraphQL */ `
query SitemapEntries($status: [String]) {
  posts(filter: { status: { _in: $status } }, sort: ["-published_at"], limit: 500) { slug published_at }
  authors(limit: 500) { id }
  jobs(filter: { status: { _in: $status } }, limit: 500) { slug }
  events(filter: { status: { _in: $status } }, sort: ["-start_at"], limit: 500) { slug start_at }
}`,
  ["posts", "authors", "jobs", "events"],
);
