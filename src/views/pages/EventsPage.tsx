import { t } from "../../i18n";
import { EventListCard } from "../events/EventListCard";
import type { EventCard } from "../site";

export interface EventsData {
  /** Not over yet, soonest first (split in the loader against the current hour). */
  upcoming: EventCard[];
  /** Latest first. */
  past: EventCard[];
}

/** `/events`: upcoming and past events. */
export function EventsPage({ data }: { data: EventsData }) {
  return (
    <>
      <section className="border-line bg-surface-muted border-b">
        <div className="container-page pt-12 pb-10 md:pt-16 md:pb-14">
          <p className="eyebrow">{t("events.eyebrow")}</p>
          <h1 className="mt-4 max-w-3xl text-4xl leading-[1.08] font-semibold tracking-tight text-balance md:text-5xl">
            {t("events.title")}
          </h1>
          <p className="text-ink-muted mt-5 max-w-2xl text-lg">{t("events.intro")}</p>
        </div>
      </section>

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
    </>
  );
}
