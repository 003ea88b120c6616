import { reshapeProposals, searchProposalsQuery } from "../queries";
import { t } from "../../../i18n";
import { isSearchKind } from "../documents";
import { maxQueryLength, normalizeQuery } from "../engine";
import { siteSearchQuery } from "../operation";
import { SearchPage } from "../views/SearchPage";
import { defineRoute } from "../../../router/define";

/** Results a search page shows (the dialog shows fewer). */
export const searchPageLimit = 30;

/**
 * `/search?q=&kind=`: ranked results across docs, posts, roles and events from the site's
 * search index, a count per kind, and the proposals. A search text over the limit is cut and
 * the page says so.
 */
export default defineRoute({
  operations: [searchProposalsQuery, siteSearchQuery],
  View: SearchPage,
  async load({ url, content, config }) {
    const { query: q, truncated } = normalizeQuery(url.searchParams.get("q") ?? "");
    const requestedKind = url.searchParams.get("kind");
    const kind = isSearchKind(requestedKind) ? requestedKind : null;
    const [proposals, found] = await Promise.all([
      content.query(searchProposalsQuery).then(reshapeProposals),
      q ? content.query(siteSearchQuery, { q, limit: searchPageLimit, ...(kind ? { kind } : {}) }) : Promise.resolve(null),
    ]);
    const outcome = found?.siteSearch ?? null;
    return {
      data: {
        q,
        kind,
        truncated,
        maxLength: maxQueryLength,
        proposals,
        outcome: outcome && {
          results: outcome.results,
          counts: outcome.counts,
          total: outcome.total,
          matchedAllTerms: outcome.matchedAllTerms,
        },
      },
      meta: {
        title: q ? t("search.results_for", { q }) : t("search.title"),
        description: t("search.description", { name: config.name }),
        path: "/search",
        // Result pages are endless and thin: never indexed.
        noindex: true,
      },
    };
  },
});
