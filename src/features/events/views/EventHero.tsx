import { t } from "../../../i18n";
import { BackLink } from "../../../ui/BackLink";
import { useEditable } from "../../../ui/editable";
import { CalendarIcon, ExternalIcon, MapPinIcon } from "../../../ui/icons";
import { Image } from "../../../ui/Image";
import type { EventDetail } from "../types";
import { formatDateRange } from "./dates";
import { OnlineBadge } from "./EventListCard";
import { eventTimeText } from "./event-time";

/** The top of an event's page: where and when, its title, the calls to action and the cover. */
export function EventHero({
  event,
  bookingHref,
  showBooking,
}: {
  event: EventDetail;
  bookingHref: string | null | undefined;
  showBooking: boolean;
}) {
  const edit = useEditable();
  const register = event.upcoming && event.online && event.bookingUrl;
  return (
    <section className="border-line bg-surface-muted border-b">
      <div className="container-page pt-8 pb-10 md:pt-10 md:pb-14">
        <BackLink href="/events">{t("events.back_to_list")}</BackLink>
        <div className="mt-8 grid items-center gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-14">
          <div>
            <div className="flex flex-wrap items-center gap-3">
              {event.online ? <OnlineBadge /> : event.location && <p className="eyebrow">{event.location}</p>}
              {!event.upcoming && (
                <p className="border-line-strong text-ink-muted rounded-full border px-2.5 py-0.5 text-[0.8125rem] font-medium">
                  {t("events.ended")}
                </p>
              )}
            </div>
            <h1
              className="mt-4 text-3xl leading-[1.1] font-semibold tracking-tight text-balance md:text-5xl"
              {...edit("title", { mode: "popover" })}
            >
              {event.title}
            </h1>
            <p className="text-ink-muted mt-5 flex items-start gap-2 text-lg">
              <CalendarIcon className="text-ink-subtle mt-1.5 h-5 w-5 shrink-0" />
              <span>
                <time dateTime={event.startAt}>{formatDateRange(event.startAt, event.endAt)}</time>
                <span aria-hidden="true"> · </span>
                {eventTimeText(event)}
              </span>
            </p>
            {!event.online && (event.venue || event.location) && (
              <p className="text-ink-muted mt-2 flex items-start gap-2 text-lg">
                <MapPinIcon className="text-ink-subtle mt-1.5 h-5 w-5 shrink-0" />
                <span>{event.venue ?? event.location}</span>
              </p>
            )}
            {(register || (showBooking && bookingHref)) && (
              <div className="mt-8 flex flex-wrap gap-3">
                {register && (
                  <a href={event.bookingUrl!} className="btn btn-primary" rel="noopener">
                    {t("events.register")} <ExternalIcon />
                  </a>
                )}
                {showBooking && bookingHref && (
                  <a href={bookingHref} className="btn btn-primary" rel="noopener">
                    {t("events.book_meeting")}
                  </a>
                )}
              </div>
            )}
          </div>
          {event.cover && (
            <Image
              image={event.cover}
              alt=""
              priority
              sizes="(min-width: 1185px) 540px, (min-width: 1081px) 45vw, 100vw"
              className="border-line bg-surface-sunken aspect-[16/9] w-full rounded-xl border object-cover sm:aspect-[2/1] lg:aspect-[16/9]"
            />
          )}
        </div>
      </div>
    </section>
  );
}
