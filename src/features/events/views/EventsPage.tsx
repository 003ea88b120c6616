import { t } from "../../../i18n";
import { EventListCard } from "./EventListCard";
import type { EventCard } from "../types";
import { PageIntro } from "../../../ui/PageIntro";
import { Pagination } from "../../../ui/Pagination";
import { eventsListHref } from "../paths";

export interface EventsData {
  /** Not over yet, soonest first (split in the loader against the current hour). */
  upcoming: EventCard[];
  /** Latest first. */
  past: EventCard[];
  /** This page of the list (upcoming events first, then past ones) and how many there are. */
  page: number;
  totalPages: number;
}

/** `/events`: upcoming and past events. */
export function EventsPage({ data }: { data: EventsData }) {
  return (
    <>
      <PageIntro eyebrow={t("events.eyebrow")} title={t("events.title")} intro={t("events.intro")} />

      {/* Later pages hold past events only: no upcoming section (nor its empty message) there. */}
      {(data.page === 1 || data.upcoming.length > 0) && (
        <section aria-labelledby="upcoming-title" className="container-page pt-12 pb-14 md:pt-16 md:pb-20">
          <h2 id="upcoming-title" className="text-2xl font-semibold tracking-tight md:text-3xl">
            {t("events.upcoming_title")}
          </h2>
          {data.upcoming.length > 0 ? (
            <ul className="mt-8 grid gap-6 md:grid-cols-2">
              {data.upcoming.map((event) => (
                <li key={event.slug}>
                  <EventListCard event={event} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="border-line bg-surface-muted text-ink-muted mt-8 rounded-xl border border-dashed px-6 py-10 text-center">
              {t("events.no_upcoming")}
            </p>
          )}
        </section>
      )}

      {data.past.length > 0 && (
        <section aria-labelledby="past-title" className="border-line border-t">
          <div className="container-page pt-12 md:pt-16">
            <h2 id="past-title" className="text-2xl font-semibold tracking-tight md:text-3xl">
              {t("events.past_title")}
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {data.past.map((event) => (
                <li key={event.slug}>
                  <EventListCard event={event} past />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      {data.totalPages > 1 && (
        <div className="container-page pb-14 md:pb-20">
          <Pagination page={data.page} totalPages={data.totalPages} hrefFor={eventsListHref} label={t("events.pagination_label")} />
        </div>
      )}
    </>
  );
}
