import { defineOperation } from "../operation";
import type { DirectusEventCard, DirectusPostCard } from "../directus-types";
import { authorCardFields, eventCardFields, fileFields, postCardFields } from "./fragments";

export interface SearchJob {
  id: string;
  slug: string;
  role: string;
  sub_team: string | null;
  location: string | null;
  category: string | null;
  department: string | null;
}

type Count = { countAll: number | null }[];

export interface SearchQuery {
  posts: DirectusPostCard[];
  posts_aggregated: Count;
  jobs: SearchJob[];
  jobs_aggregated: Count;
  events: DirectusEventCard[];
  events_aggregated: Count;
}

export const searchResultLimit = 12;

/** Full-text search (Directus `search`) over posts, jobs and events, with a count per kind. */
export const searchQuery = defineOperation<SearchQuery, { q: string }>(
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
  ["posts", "authors", "jobs", "events", "directus_files"],
);

export interface SearchProposalsQuery {
  search_proposals: { id: string; label: string | null; query: string | null }[];
}

/** Suggested searches from the CMS. */
export const searchProposalsQuery = defineOperation<SearchProposalsQuery>(
  /* GraphQL */ `
query SearchProposals($status: [String]) {
  search_proposals(filter: { status: { _in: $status } }, sort: ["sort"]) { id label query }
}`,
  ["search_proposals"],
);

export function reshapeProposals(data: SearchProposalsQuery) {
  return data.search_proposals
    .filter((proposal) => proposal.label && proposal.query)
    .map((proposal) => ({ label: proposal.label!, query: proposal.query! }));
}
