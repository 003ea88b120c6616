import type { JobSummary } from "./types";

/**
 * The careers filters: shared by the loader (the query string), the worker's resolver that
 * filters and pages the roles (src/features/careers/roles.server.ts) and the page's filter form.
 */
export const filterNames = ["category", "department", "location"] as const;
export type FilterName = (typeof filterNames)[number];
/** "" means "all". */
export type JobFilters = Record<FilterName, string>;
export type JobFacets = Record<FilterName, string[]>;

export const noFilters: JobFilters = { category: "", department: "", location: "" };

/** A filter value as the list uses it: trimmed, at most 200 characters; anything but a string is "all". */
const filterValue = (value: unknown): string => (typeof value === "string" ? value.trim().slice(0, 200) : "");

/** Reads `?category=&department=&location=`; anything else in the query string is ignored. */
export function parseFilters(search: URLSearchParams): JobFilters {
  const filters = { ...noFilters };
  for (const name of filterNames) filters[name] = filterValue(search.get(name));
  return filters;
}

/** The filters among untrusted variables (a browser's /graphql request). */
export function filtersOf(variables: Record<string, unknown>): JobFilters {
  const filters = { ...noFilters };
  for (const name of filterNames) filters[name] = filterValue(variables[name]);
  return filters;
}

/** Only the set filters: the variables of the roles query (one cache key per selection). */
export function activeFilters(filters: JobFilters): Partial<JobFilters> {
  return Object.fromEntries(filterNames.filter((name) => filters[name]).map((name) => [name, filters[name]]));
}

/**
 * The list's address: the set filters in a fixed order, then the page; page 1 with no filter is
 * the bare /careers. A new selection has no page: it starts on the first.
 */
export function careersListHref(filters: JobFilters, page = 1): string {
  const search = new URLSearchParams(activeFilters(filters) as Record<string, string>);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `/careers?${query}` : "/careers";
}

export const hasFilters = (filters: JobFilters) => filterNames.some((name) => filters[name] !== "");

/** Exact matches; an unknown value simply matches nothing. */
export function filterJobs(jobs: JobSummary[], filters: JobFilters): JobSummary[] {
  return jobs.filter((job) => filterNames.every((name) => !filters[name] || job[name] === filters[name]));
}

const collator = new Intl.Collator("en", { sensitivity: "base" });

/** Distinct values of each facet, sorted; the select options come from the jobs themselves. */
export function facetsOf(jobs: JobSummary[]): JobFacets {
  const facets = {} as JobFacets;
  for (const name of filterNames) {
    facets[name] = [...new Set(jobs.map((job) => job[name]).filter(Boolean))].sort(collator.compare);
  }
  return facets;
}
