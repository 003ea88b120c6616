import { defineOperation } from "../../content/operation";
import type { HomeContentQuery, HomeContentQueryVariables } from "../../content/generated/operations";
import { fileFields } from "../../content/queries/fragments";
import { authorCardFields, postCardFields } from "../blog";
import { eventCardFields } from "../events";

/**
 * Main page: latest posts, the next in-person event (for the meeting banner), the open-roles count
 * and the search proposals. `$from` (the loader's current hour) is when "upcoming" starts;
 * `$status` and `$now` (publish times reached) are set by the server.
 */
export const homeQuery = defineOperation<HomeContentQuery, HomeContentQueryVariables>(
  /* GraphQL */ `
query HomeContent($from: String!, $status: [String], $now: String) {
  posts(filter: { status: { _in: $status }, _or: [{ published_at: { _null: true } }, { published_at: { _lte: $now } }] }, sort: ["-published_at"], limit: 3) { ...PostCardFields }
  events(filter: { status: { _in: $status }, online: { _eq: false }, start_at: { _gte: $from }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, sort: ["start_at"], limit: 1) { ...EventCardFields }
  jobs_aggregated(filter: { status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }) { countAll }
  search_proposals(filter: { status: { _in: $status } }, sort: ["sort"]) { id label query }
}
${postCardFields}
${authorCardFields}
${eventCardFields}
${fileFields}`,
);
