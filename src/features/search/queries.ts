import { defineOperation } from "../../content/operation";
import type { SearchProposalsQuery, SearchProposalsQueryVariables } from "../../content/generated/operations";

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
