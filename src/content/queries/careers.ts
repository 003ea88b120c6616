import { httpUrl } from "../../lib/urls";
import { sanitizeHtml } from "../../lib/sanitize-html";
import { defineOperation } from "../operation";
import type { JobDetail, JobSummary } from "../types/careers";
import type {
  CareersJobQuery,
  CareersJobQueryVariables,
  CareersJobsQuery,
  CareersJobsQueryVariables,
  JobSummaryFieldsFragment,
} from "../generated/operations";

/** A job as its page reads it: the list's fields, the description and the apply link. */
type DirectusJob = CareersJobQuery["jobs"][number];

const jobSummaryFields = /* GraphQL */ `
fragment JobSummaryFields on jobs {
  id
  slug
  role
  sub_team
  department
  category
  location
}`;

/**
 * Every published role in one cached query (the site has a few dozen): the careers loader
 * filters them by the query string, so the browser filters exactly the same data.
 */
export const careersJobsQuery = defineOperation<CareersJobsQuery, CareersJobsQueryVariables>(
  /* GraphQL */ `
query CareersJobs($status: [String]) {
  jobs(filter: { status: { _in: $status } }, sort: ["role", "location"], limit: 500) { ...JobSummaryFields }
}
${jobSummaryFields}`,
);

/** One published role by slug, for `/careers/:slug`. */
export const careersJobQuery = defineOperation<CareersJobQuery, CareersJobQueryVariables>(
  /* GraphQL */ `
query CareersJob($slug: String!, $status: [String]) {
  jobs(filter: { status: { _in: $status }, slug: { _eq: $slug } }, limit: 1) {
    ...JobSummaryFields
    description
    apply_link
  }
}
${jobSummaryFields}`,
);

export function reshapeJobSummary(job: JobSummaryFieldsFragment): JobSummary {
  return {
    slug: job.slug,
    href: `/careers/${encodeURIComponent(job.slug)}`,
    role: job.role?.trim() || job.slug,
    subTeam: job.sub_team?.trim() ?? "",
    department: job.department?.trim() ?? "",
    category: job.category?.trim() ?? "",
    location: job.location?.trim() ?? "",
  };
}


/** `siteUrl`: links to other origins get rel="noopener noreferrer". */
export function reshapeJob(job: DirectusJob, siteUrl: string): JobDetail {
  return {
    ...reshapeJobSummary(job),
    descriptionHtml: sanitizeHtml(job.description, { siteOrigin: siteUrl }),
    applyUrl: httpUrl(job.apply_link), // only http(s) links become the Apply button
  };
}
