import { httpUrl } from "../../lib/urls";
import { sanitizeHtml } from "../../lib/sanitize-html";
import { defineOperation } from "../../content/operation";
import { fileFields } from "../../content/queries/fragments";
import type { JobDetail, JobSummary } from "./types";
import { jobHref } from "./paths";
import type {
  SearchJobsQuery,
  SearchJobsQueryVariables,
  SearchJobsByIdsQuery,
  SearchJobsByIdsQueryVariables,
  CareersJobQuery,
  CareersJobQueryVariables,
  CareersJobsQuery,
  CareersJobsQueryVariables,
  JobSummaryFieldsFragment,
  CareersJobPathQuery,
  CareersJobPathQueryVariables,
} from "../../content/generated/operations";

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

/** Roles a CareersJobs query reads at most: the CMS's `QUERY_LIMIT_MAX`. */
export const careersJobsChunk = 500;

/**
 * The published roles, `careersJobsChunk` from `$offset` (each chunk cached on its own), read on
 * the server only: the worker filters and pages them for /careers
 * (src/features/careers/roles.server.ts), and the browser gets one page of them. `id` last keeps the
 * order the same from one chunk to the next.
 */
export const careersJobsQuery = defineOperation<CareersJobsQuery, CareersJobsQueryVariables>(
  /* GraphQL */ `
query CareersJobs($status: [String], $now: String, $offset: Int) {
  jobs(filter: { status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, sort: ["role", "location", "id"], limit: ${careersJobsChunk}, offset: $offset) { ...JobSummaryFields }
}
${jobSummaryFields}`,
);

const jobDetailFields = `
    ...JobSummaryFields
    description
    apply_link
    status
    publish_at
    date_updated`;

/**
 * One published role by slug, for `/careers/:slug`. `$status` and `$now` are set by the server
 * (content.server.ts): a role whose `publish_at` is still ahead is a 404 until then, except in a preview.
 */
export const careersJobQuery = defineOperation<CareersJobQuery, CareersJobQueryVariables>(
  /* GraphQL */ `
query CareersJob($slug: String!, $status: [String], $now: String) {
  jobs(filter: { status: { _in: $status }, slug: { _eq: $slug }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, limit: 1) {${jobDetailFields}
    share_card { ...FileFields }
  }
}
${jobSummaryFields}
${fileFields}`,
);

/** Preview only (see blogVersionReads): a role read from a Directus content version. */
export const careersVersionReads = {
  job: defineOperation<{ jobs_by_id: CareersJobQuery["jobs"][number] | null }, { id: string; version: string }>(
    /* GraphQL */ `
query CareersJobVersion($id: ID!, $version: String) {
  jobs_by_id(id: $id, version: $version) {${jobDetailFields}
  }
}
${jobSummaryFields}`,
  ),
};

/** Preview only: a role's slug by id, for the preview link from the CMS. */
export const careersJobPathQuery = defineOperation<CareersJobPathQuery, CareersJobPathQueryVariables>(
  /* GraphQL */ `
query CareersJobPath($id: ID!) {
  jobs_by_id(id: $id) { slug }
}`,
);

export function reshapeJobSummary(job: JobSummaryFieldsFragment): JobSummary {
  return {
    slug: job.slug,
    href: jobHref(job.slug),
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

/** What the search reads of a role, in bulk and by ids alike. */
const searchJobFields = "id slug role sub_team department category location description";

/** The published roles with their texts, for the site search (server only: the index is built after a CMS change). */
export const searchJobsQuery = defineOperation<SearchJobsQuery, SearchJobsQueryVariables>(
  /* GraphQL */ `
query SearchJobs($status: [String]) {
  jobs(filter: { status: { _in: $status } }, sort: ["role"], limit: -1) { ${searchJobFields} }
}`,
  { bulk: true },
);

/** The given roles as the search reads them, when published (server only). */
export const searchJobsByIdsQuery = defineOperation<SearchJobsByIdsQuery, SearchJobsByIdsQueryVariables>(
  /* GraphQL */ `
query SearchJobsByIds($ids: [GraphQLStringOrFloat], $status: [String]) {
  jobs(filter: { id: { _in: $ids }, status: { _in: $status } }, limit: -1) { ${searchJobFields} }
}`,
  { bulk: true },
);
