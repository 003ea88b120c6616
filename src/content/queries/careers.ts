import { httpUrl } from "../../lib/urls";
import { sanitizeHtml } from "../../lib/sanitize-html";
import { defineOperation } from "../operation";
import type { JobDetail, JobSummary } from "../types/careers";

/** A job as Directus returns it in lists. */
export interface DirectusJobSummary {
  id: string;
  slug: string;
  role: string | null;
  sub_team: string | null;
  department: string | null;
  category: string | null;
  location: string | null;
}

export interface DirectusJob extends DirectusJobSummary {
  description: string | null;
  apply_link: string | null;
}

export interface CareersJobsQuery {
  jobs: DirectusJobSummary[];
}

export interface CareersJobQuery {
  jobs: DirectusJob[];
}

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
export const careersJobsQuery = defineOperation<CareersJobsQuery>(
  /* GraphQL */ `
query CareersJobs($status: [String]) {
  jobs(filter: { status: { _in: $status } }, sort: ["role", "location"], limit: 500) { ...JobSummaryFields }
}
${jobSummaryFields}`,
  ["jobs"],
);

/** One published role by slug, for `/careers/:slug`. */
export const careersJobQuery = defineOperation<CareersJobQuery, { slug: string }>(
  /* GraphQL */ `
query CareersJob($slug: String!, $status: [String]) {
  jobs(filter: { status: { _in: $status }, slug: { _eq: $slug } }, limit: 1) {
    ...JobSummaryFields
    description
    apply_link
  }
}
${jobSummaryFields}`,
  ["jobs"],
);

export function reshapeJobSummary(job: DirectusJobSummary): JobSummary {
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
