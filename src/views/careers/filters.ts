import type { JobSummary } from "../../content/types/careers";

/**
 * The careers filters: shared by the loader (server render, from the query string) and the
 * page's client behaviour (history.pushState / popstate), so both filter the same way.
 */
export const filterNames = ["category", "department", "location"] as const;
export type FilterName = (typeof filterNames)[number];
/** "" means "all". */
export type JobFilters = Record<FilterName, string>;
export type JobFacets = Record<FilterName, string[]>;

export const noFilters: JobFilters = { category: "", department: "", location: "" };

/** Reads `?category=&department=&location=`; anything else in the query string is ignored. */
export function parseFilters(search: URLSearchParams): JobFilters {
  const filters = { ...noFilters };
  for (const name of filterNames) filters[name] = (search.get(name) ?? "").trim().slice(0, 200);
  return filters;
}

/** `?category=…` in a fixed order, only the set filters; "" when none is set. */
export function filtersToSearch(filters: JobFilters): string {
  const search = new URLSearchParams();
  for (const name of filterNames) if (filters[name]) search.set(name, filters[name]);
  const query = search.toString();
  return query ? `?${query}` : "";
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
