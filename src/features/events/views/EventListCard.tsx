import { t } from "../../../i18n";
import { BoothIcon, CalendarIcon, MapPinIcon } from "../../../ui/icons";
import type { EventCard } from "../types";
import { Image } from "../../../ui/Image";
import { dateTile, formatDateRange, formatTime, isSingleDay } from "./dates";

/** The 'online' label: a small pill, used on cards and the event page. */
export function OnlineBadge({ className = "" }: { className?: string }) {
  return (
    <span
      className={`bg-accent-soft text-accent inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-[0.8125rem] font-semibold ${className}`}
    >
      <span className="bg-accent h-1.5 w-1.5 rounded-full" aria-hidden="true" />
      {t("events.online")}
    </span>
  );
}

/** "3–4 December 2026" or, on a single day, "10 December 2026 · 15:00–16:00 UTC". */
function EventWhen({ event }: { event: Pick<EventCard, "startAt" | "endAt"> }) {
  const singleDay = isSingleDay(event.startAt, event.endAt);
  return (
    <>
      <time dateTime={event.startAt}>{formatDateRange(event.startAt, event.endAt)}</time>
      {singleDay && (
        <>
          <span aria-hidden="true"> · </span>
          {event.endAt && event.endAt !== event.startAt
            ? t("events.time_range", { start: formatTime(event.startAt), end: formatTime(event.endAt) })
            : `${formatTime(event.startAt)} UTC`}
        </>
      )}
    </>
  );
}

/** An event in the lists: cover with a date tile, date, title, location or 'online', booth. */
export function EventListCard({ event, past = false }: { event: EventCard; past?: boolean }) {
  const tile = dateTile(event.startAt);
  return (
    <article className="group border-line bg-surface hover:border-line-strong relative flex h-full flex-col overflow-hidden rounded-xl border transition-colors">
      <div className="bg-surface-sunken relative">
        {event.cover ? (
          <Image
            image={event.cover}
            alt=""
            sizes={
              past
                ? "(min-width: 1081px) 380px, (min-width: 769px) 50vw, 100vw"
                : "(min-width: 1081px) 580px, (min-width: 769px) 50vw, 100vw"
            }
            className={`aspect-[16/9] w-full object-cover ${past ? "opacity-90 saturate-[0.6]" : ""}`}
          />
        ) : (
          <div className="aspect-[16/9] w-full" aria-hidden="true" />
        )}
        <div
          className="bg-surface border-line absolute top-4 left-4 flex w-14 flex-col items-center rounded-lg border py-1.5 leading-none"
          aria-hidden="true"
        >
          <span className="text-accent text-[0.6875rem] font-bold tracking-[0.08em] uppercase">{tile.month}</span>
          <span className="mt-1 text-xl font-semibold tabular-nums">{tile.day}</span>
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5 md:p-6">
        <p className="text-ink-muted flex items-start gap-2 text-[0.9375rem]">
          <CalendarIcon className="text-ink-subtle mt-[0.2rem] h-4 w-4 shrink-0" />
          <span>
            <EventWhen event={event} />
          </span>
        </p>
        <h3 className={`mt-2 leading-snug font-semibold tracking-tight ${past ? "text-lg" : "text-xl"}`}>
          <a href={event.href} className="after:absolute after:inset-0 group-hover:underline">
            {event.title}
          </a>
        </h3>
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 pt-5 text-[0.9375rem]">
          {event.online ? (
            <OnlineBadge />
          ) : (
            event.location && (
              <span className="text-ink-muted inline-flex items-center gap-1.5">
                <MapPinIcon className="text-ink-subtle h-4 w-4 shrink-0" />
                {event.location}
              </span>
            )
          )}
          {event.booth && (
            <span className="text-ink inline-flex items-center gap-1.5 font-medium">
              <BoothIcon className="text-ink-subtle h-4 w-4 shrink-0" />
              {t("events.booth", { booth: event.booth })}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
