import { defineOperation } from "../operation";
import type { ScheduledPublicationsQuery, ScheduledPublicationsQueryVariables } from "../generated/operations";

/**
 * Server only (the scheduled handler, src/scheduled.server.ts): published items whose publish
 * time fell in `($since, $until]`. Their collections' cached content is invalidated, so they
 * appear by themselves once their time has come. No publish time means published at once: those
 * items were never hidden, and the CMS webhook already announced them. Block placements count
 * when their display window opens or closes (`show_from`, `show_until`).
 */
export const scheduledPublicationsQuery = defineOperation<ScheduledPublicationsQuery, ScheduledPublicationsQueryVariables>(
  /* GraphQL */ `
query ScheduledPublications($since: String!, $until: String!) {
  posts(filter: { status: { _eq: "published" }, published_at: { _gt: $since, _lte: $until } }, limit: -1) { id }
  jobs(filter: { status: { _eq: "published" }, publish_at: { _gt: $since, _lte: $until } }, limit: -1) { id }
  events(filter: { status: { _eq: "published" }, publish_at: { _gt: $since, _lte: $until } }, limit: -1) { id }
  docs_pages(filter: { status: { _eq: "published" }, publish_at: { _gt: $since, _lte: $until } }, limit: -1) { id }
  pages(filter: { status: { _eq: "published" }, publish_at: { _gt: $since, _lte: $until } }, limit: -1) { id }
  changelog_entries(filter: { status: { _eq: "published" }, published_at: { _gt: $since, _lte: $until } }, limit: -1) { id }
  pages_blocks(filter: { _or: [{ show_from: { _gt: $since, _lte: $until } }, { show_until: { _gt: $since, _lte: $until } }] }, limit: -1) { id }
  sections_blocks(filter: { _or: [{ show_from: { _gt: $since, _lte: $until } }, { show_until: { _gt: $since, _lte: $until } }] }, limit: -1) { id }
}`,
);
