import { useEffect, useState, type FormEvent } from "react";
import { t, type MessageKey } from "../../../i18n";
import { plural } from "../../../i18n/plural";
import { Pagination } from "../../../ui/Pagination";
import { JobRow } from "./JobRow";
import { careersListHref, filterNames, hasFilters, noFilters, type FilterName, type JobFacets, type JobFilters } from "../filters";
import type { JobSummary } from "../types";
import { keepScrollAttribute, navigateTo } from "../../../ui/navigation";
import { ChevronDownIcon } from "../../../ui/icons";
import { PageIntro } from "../../../ui/PageIntro";
import { useHydrated } from "../../../ui/use-hydrated";

export interface CareersData {
  /** This page of the roles matching `selected` (the worker filters and pages them). */
  jobs: JobSummary[];
  /** How many roles match `selected`, over all pages. */
  total: number;
  /** Select options, from every role. */
  facets: JobFacets;
  /** Filters from the query string of the rendered URL. */
  selected: JobFilters;
  page: number;
  totalPages: number;
}

const filterTexts: Record<FilterName, { label: MessageKey; all: MessageKey }> = {
  category: { label: "careers.filter_category", all: "careers.all_categories" },
  department: { label: "careers.filter_department", all: "careers.all_departments" },
  location: { label: "careers.filter_location", all: "careers.all_locations" },
};

/** Links that change the selection keep the visitor where they are, like the selects do. */
const keepScroll = { [keepScrollAttribute]: "" };

/**
 * `/careers`: one page of the open roles matching three filters. Without JavaScript the filters
 * are a plain GET form; once hydrated, a change navigates in the app to the filtered list's
 * first page (the router loads it from the worker, keeps the scroll, and the back button
 * restores the previous selection like any other page).
 */
export function CareersPage({ data }: { data: CareersData }) {
  // The selects show a change at once, before the filtered page arrives.
  const [filters, setFilters] = useState<JobFilters>(data.selected);
  const enhanced = useHydrated();

  // A new page state (another URL, back or forward included) brings its own selection.
  useEffect(() => setFilters(data.selected), [data.selected]);

  const apply = (next: JobFilters) => {
    setFilters(next);
    navigateTo(careersListHref(next), { keepScroll: true });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const next = { ...noFilters };
    for (const name of filterNames) next[name] = (form.elements.namedItem(name) as HTMLSelectElement | null)?.value ?? "";
    apply(next);
  };

  const filtered = hasFilters(data.selected);

  return (
    <>
      <PageIntro eyebrow={t("careers.eyebrow")} title={t("careers.title")} intro={t("careers.intro")} />

      <section aria-labelledby="open-roles-title" className="container-page pt-8 md:pt-10">
        <h2 id="open-roles-title" className="sr-only">
          {t("careers.list_title")}
        </h2>
        <form
          method="get"
          action="/careers"
          aria-label={t("careers.filters_label")}
          onSubmit={onSubmit}
          className="border-line bg-surface grid gap-4 rounded-xl border p-4 sm:grid-cols-3 md:p-5 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto] lg:items-end"
        >
          {filterNames.map((name) => {
            const options = data.facets[name];
            const current = filters[name];
            const unknown = current && !options.includes(current);
            return (
              <div key={name} className="min-w-0">
                <label htmlFor={`filter-${name}`} className="text-ink mb-1.5 block text-sm font-semibold">
                  {t(filterTexts[name].label)}
                </label>
                <div className="relative">
                  <select
                    id={`filter-${name}`}
                    name={name}
                    value={current}
                    onChange={(event) => apply({ ...filters, [name]: event.target.value })}
                    className="border-line-strong bg-surface hover:border-ink focus-visible:border-accent h-11 w-full cursor-pointer appearance-none truncate rounded-lg border py-2 pr-10 pl-3 text-[0.9375rem] transition-colors"
                  >
                    <option value="">{t(filterTexts[name].all)}</option>
                    {unknown && <option value={current}>{current}</option>}
                    {options.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                  <ChevronDownIcon className="text-ink-subtle pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2" />
                </div>
              </div>
            );
          })}
          <button type="submit" className="btn btn-primary sm:col-span-3 lg:col-span-1" hidden={enhanced}>
            {t("careers.apply_filters")}
          </button>
        </form>

        <div className="mt-8 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
          <p id="careers-count" className="text-xl font-semibold tracking-tight" aria-live="polite" aria-atomic="true">
            {plural("careers.count", data.total)}
          </p>
          {filtered && (
            <a href="/careers" className="link text-[0.9375rem] font-semibold" {...keepScroll}>
              {t("careers.reset_filters")}
            </a>
          )}
        </div>

        {data.jobs.length > 0 ? (
          <ul className="border-line mt-4 border-t">
            {data.jobs.map((job) => (
              <JobRow key={job.slug} job={job} />
            ))}
          </ul>
        ) : (
          <div className="border-line bg-surface-muted mt-4 rounded-xl border border-dashed px-6 py-12 text-center md:py-16">
            <p className="text-lg font-semibold tracking-tight">{t("careers.empty_title")}</p>
            <p className="text-ink-muted mt-2">{t("careers.empty_text")}</p>
            <a href="/careers" className="btn btn-secondary mt-6" {...keepScroll}>
              {t("careers.show_all")}
            </a>
          </div>
        )}

        <Pagination
          page={data.page}
          totalPages={data.totalPages}
          hrefFor={(page) => careersListHref(data.selected, page)}
          label={t("careers.pagination_label")}
          ruled={false}
        />
      </section>
    </>
  );
}
