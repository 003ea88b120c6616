import { blockFragments } from "../pages";
import { defineOperation } from "../../content/operation";
import { shownNow } from "../pages";
import { fileFields } from "../../content/queries/fragments";
import type {
  SearchPostsQuery,
  SearchPostsQueryVariables,
  SearchProposalsQuery,
  SearchProposalsQueryVariables,
  SearchSourcesQuery,
  SearchSourcesQueryVariables,
} from "../../content/generated/operations";

/** Posts one query reads while the index is built (about 0.5 MB of text; the local CMS answers at most 500 rows). */
export const searchPostsChunk = 500;

/**
 * The published posts with their texts, `searchPostsChunk` from `$offset`: the blog is the
 * collection that grows to thousands, so the index build reads it a chunk at a time rather than
 * holding every post's text at once. Server only.
 */
export const searchPostsQuery = defineOperation<SearchPostsQuery, SearchPostsQueryVariables>(
  /* GraphQL */ `
query SearchPosts($status: [String], $now: String, $offset: Int) {
  posts(filter: { status: { _in: $status }, _or: [{ published_at: { _null: true } }, { published_at: { _lte: $now } }] }, sort: ["-published_at", "id"], limit: ${searchPostsChunk}, offset: $offset) { id slug title description body published_at tags }
}`,
  { bulk: true },
);

/**
 * Everything else the site search indexes besides the docs (see docsBodiesQuery) and the posts:
 * roles, events, pages and changelog entries with their texts. Server only: the index is built
 * from it after a CMS change.
 */
export const searchSourcesQuery = defineOperation<SearchSourcesQuery, SearchSourcesQueryVariables>(
  /* GraphQL */ `
query SearchSources($status: [String], $now: String) {
  jobs(filter: { status: { _in: $status } }, sort: ["role"], limit: -1) { id slug role sub_team department category location description }
  events(filter: { status: { _in: $status } }, sort: ["-start_at"], limit: -1) { id slug title description start_at venue location online }
  changelog_entries(filter: { status: { _in: $status }, _or: [{ published_at: { _null: true } }, { published_at: { _lte: $now } }] }, sort: ["-published_at"], limit: -1) { slug title products published_at body }
  pages(filter: { status: { _in: $status }, _or: [{ noindex: { _null: true } }, { noindex: { _eq: false } }] }, sort: ["path"], limit: -1) {
    id
    path
    title
    seo_title
    seo_description
    blocks(filter: ${shownNow}) {
      collection
      item {
        ${blockFragments}
        ... on sections { blocks(filter: ${shownNow}) { collection item { ${blockFragments} } } }
      }
    }
  }
}
${fileFields}`,
  { bulk: true },
);

/** Suggested searches from the CMS. */
export const searchProposalsQuery = defineOperation<SearchProposalsQuery, SearchProposalsQueryVariables>(
  /* GraphQL */ `
query SearchProposals($status: [String]) {
  search_proposals(filter: { status: { _in: $status } }, sort: ["sort"]) { id label query }
}`,
);

/** Proposals without a label or a search text are left out. */
export function reshapeProposals(data: SearchProposalsQuery): { label: string; query: string }[] {
  return data.search_proposals.flatMap(({ label, query }) => (label && query ? [{ label, query }] : []));
}
