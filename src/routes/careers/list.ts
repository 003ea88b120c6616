import { careersJobsQuery, reshapeJobSummary } from "../../content/queries/careers";
import { t } from "../../i18n";
import { facetsOf, filterJobs, hasFilters, parseFilters } from "../../views/careers/filters";
import { CareersPage } from "../../views/pages/CareersPage";
import { defineRoute } from "../define";

/**
 * `/careers`: every published role in one cached query, the facets from the roles themselves,
 * and the filters from the query string (unknown values simply match nothing).
 */
export default defineRoute({
  operations: [careersJobsQuery],
  View: CareersPage,
  async load({ url, content, config }) {
    const result = await content.query(careersJobsQuery);
    const jobs = result.jobs.map(reshapeJobSummary);
    const selected = parseFilters(url.searchParams);
    const matching = filterJobs(jobs, selected);
    return {
      data: { jobs, facets: facetsOf(jobs), selected },
      meta: {
        title: t("careers.meta_title"),
        description: t("careers.meta_description", { name: config.name }),
        // Filtered lists are views of the one page: canonical without the filters, and an empty
        // combination is not worth indexing.
        path: "/careers",
        noindex: hasFilters(selected) && matching.length === 0 ? true : undefined,
        jsonLd: [
          {
            "@context": "https://schema.org",
            "@type": "ItemList",
            name: t("careers.list_title"),
            numberOfItems: jobs.length,
            itemListElement: jobs.map((job, index) => ({
              "@type": "ListItem",
              position: index + 1,
              url: new URL(job.href, config.url).toString(),
              name: job.role,
            })),
          },
        ],
      },
    };
  },
});
