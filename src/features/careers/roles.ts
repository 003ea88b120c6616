import { defineOperation } from "../../content/operation";
import type { JobSummary } from "./types";
import type { JobFacets, JobFilters } from "./filters";

/**
 * Roles per page of /careers: as many as a page of /events, about two screens of rows on a
 * laptop; the scale set's 525 roles make 22 pages of about 80 kB of HTML each instead of one
 * page of 1.1 MB.
 */
export const rolesPerPage = 24;

/** One page of the roles matching a selection, with the facets of every role. */
export interface CareersRoles {
  /** This page's matching roles, by role, then location. */
  jobs: JobSummary[];
  /** How many roles match the selection, over all pages. */
  total: number;
  page: number;
  /** At least 1: an empty selection still has its (empty) first page. */
  totalPages: number;
  /** Select options, from every published role whatever the selection. */
  facets: JobFacets;
}

/**
 * The careers list as an operation the worker answers itself (its feature's `content.server.ts`) from
 * the cached query of every role (CareersJobs): the page payload and a client navigation's /graphql answer
 * carry one page of roles, never all of them. Only the set filters are variables.
 */
export const careersRolesQuery = defineOperation<{ careersRoles: CareersRoles }, Partial<JobFilters> & { page: number }>(
  "query CareersRoles($category: String, $department: String, $location: String, $page: Int!) { careersRoles }",
);
