import { defineOperation } from "../operation";
import type {
  SearchProposalsQuery,
  SearchProposalsQueryVariables,
  SearchQuery,
  SearchQueryVariables,
} from "../generated/operations";
import { authorCardFields, eventCardFields, fileFields, postCardFields } from "./fragments";

export const searchResultLimit = 12;

/** Full-text search (Directus `search`) over posts, jobs and events, with a count per kind. */
export const searchQuery = defineOperation<SearchQuery, SearchQueryVariables>(
  /* GraphQL */ `
query Search($q: String!, $status: [String]) {
  posts(search: $q, filter: { status: { _in: $status } }, sort: ["-published_at"], limit: ${searchResultLimit}) { ...PostCardFields }
  posts_aggregated(search: $q, filter: { status: { _in: $status } }) { countAll }
  jobs(search: $q, filter: { status: { _in: $status } }, sort: ["role"], limit: ${searchResultLimit}) { id slug role sub_team location category department }
  jobs_aggregated(search: $q, filter: { status: { _in: $status } }) { countAll }
  events(search: $q, filter: { status: { _in: $status } }, sort: ["-start_at"], limit: ${searchResultLimit}) { ...EventCardFields }
  events_aggregated(search: $q, filter: { status: { _in: $status } }) { countAll }
}
${postCardFields}
${authorCardFields}
${eventCardFields}
${fileFields}`,
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
