import { defineOperation } from "../operation";
import type { HomeContentQuery, HomeContentQueryVariables } from "../generated/operations";
import { authorCardFields, eventCardFields, fileFields, postCardFields } from "./fragments";

/** Main page: latest posts, the next in-person event (for the meeting banner), the open-roles count and the search proposals. */
export const homeQuery = defineOperation<HomeContentQuery, HomeContentQueryVariables>(
  /* GraphQL */ `
query HomeContent($now: String!, $status: [String]) {
  posts(filter: { status: { _in: $status } }, sort: ["-published_at"], limit: 3) { ...PostCardFields }
  events(filter: { status: { _in: $status }, online: { _eq: false }, start_at: { _gte: $now } }, sort: ["start_at"], limit: 1) { ...EventCardFields }
  jobs_aggregated(filter: { status: { _in: $status } }) { countAll }
  search_proposals(filter: { status: { _in: $status } }, sort: ["sort"]) { id label query }
}
${postCardFields}
${authorCardFields}
${eventCardFields}
${fileFields}`,
);
