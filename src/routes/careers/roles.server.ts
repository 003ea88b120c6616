import { careersJobsQuery, reshapeJobSummary } from "../../content/queries/careers";
import type { JobSummary } from "../../content/types/careers";
import { facetsOf, filterJobs, filtersOf, type JobFacets } from "../../views/careers/filters";
import type { ContentSource } from "../define";
import { rolesPerPage, type CareersRoles } from "./roles";

// The content cache hands out the same result object until the roles change: reshaped and
// faceted once per isolate and result, not per request.
const prepared = new WeakMap<object, { jobs: JobSummary[]; facets: JobFacets }>();

/**
 * Answers CareersRoles: the roles matching the filters (an unknown value matches nothing), the
 * page asked for (past the last one: no roles, the loader answers 404), the total and the facets.
 */
export async function resolveCareersRoles(
  variables: Record<string, unknown>,
  { content }: { content: ContentSource },
): Promise<{ careersRoles: CareersRoles }> {
  const page = typeof variables.page === "number" && Number.isSafeInteger(variables.page) && variables.page > 0 ? variables.page : 1;
  const result = await content.query(careersJobsQuery);
  let all = prepared.get(result);
  if (!all) {
    const jobs = result.jobs.map(reshapeJobSummary);
    all = { jobs, facets: facetsOf(jobs) };
    prepared.set(result, all);
  }
  const matching = filterJobs(all.jobs, filtersOf(variables));
  const offset = (page - 1) * rolesPerPage;
  return {
    careersRoles: {
      jobs: matching.slice(offset, offset + rolesPerPage),
      total: matching.length,
      page,
      totalPages: Math.max(1, Math.ceil(matching.length / rolesPerPage)),
      facets: all.facets,
    },
  };
}
