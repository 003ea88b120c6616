import { reshapeProposals, searchProposalsQuery, searchQuery } from "../content/queries/search";
import { reshapeEventCard, reshapePostCard } from "../content/reshape";
import { t } from "../i18n";
import { SearchPage } from "../views/pages/SearchPage";
import { defineRoute } from "./define";

/** Longest search text passed to Directus; the rest is ignored. */
export const maxSearchLength = 100;

export function searchText(url: URL): string {
  return (url.searchParams.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, maxSearchLength);
}

/** `/search?q=`: posts, jobs and events matching q, counts per kind, and the proposals. */
export default defineRoute({
  operations: [searchProposalsQuery, searchQuery],
  View: SearchPage,
  async load({ url, content, config }) {
    const q = searchText(url);
    const [proposals, results] = await Promise.all([
      content.query(searchProposalsQuery).then(reshapeProposals),
      q ? content.query(searchQuery, { q }) : Promise.resolve(null),
    ]);
    return {
      data: {
        q,
        proposals,
        results: results && {
          posts: results.posts.map((post) => reshapePostCard(post, config.apiBaseUrl)),
          postCount: results.posts_aggregated[0]?.countAll ?? results.posts.length,
          jobs: results.jobs.map((job) => ({
            href: `/careers/${encodeURIComponent(job.slug)}`,
            role: job.role ?? job.slug,
            details: [job.sub_team, job.department, job.location].filter((part): part is string => Boolean(part)),
          })),
          jobCount: results.jobs_aggregated[0]?.countAll ?? results.jobs.length,
          events: results.events.map((event) => reshapeEventCard(event, config.apiBaseUrl)),
          eventCount: results.events_aggregated[0]?.countAll ?? results.events.length,
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
