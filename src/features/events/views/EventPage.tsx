import type { ReactNode } from "react";
import { t } from "../../../i18n";
import { BoothIcon, CalendarIcon, ClockIcon, ExternalIcon, MapPinIcon } from "../../../ui/icons";
import { Prose } from "../../../ui/Prose";
import { formatDateRange, formatDayTime, formatTime, isSingleDay } from "./dates";
import { EventBanner } from "./EventBanner";
import { OnlineBadge } from "./EventListCard";
import { openStreetMapUrl } from "./map";
import { SpeakerCard } from "./SpeakerCard";
import type { EventDetail } from "../types";
import { useSite } from "../../../ui/site-context";
import { Image } from "../../../ui/Image";
import { BackLink } from "../../../ui/BackLink";
import { useEditable } from "../../../ui/editable";

export interface EventData {
  event: EventDetail;
}

/** Hero line: the time range on a single day, else when it starts. */
function timeText(event: EventDetail): string {
  if (event.endAt && isSingleDay(event.startAt, event.endAt)) {
    return t("events.time_range", { start: formatTime(event.startAt), end: formatTime(event.endAt) });
  }
  return event.endAt ? t("events.time_multi_day", { start: formatTime(event.startAt) }) : `${formatTime(event.startAt)} UTC`;
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="py-3 pl-8">
      {/* dt and dd stay direct children of the div, as a <dl> requires; the icon sits inside the dt. */}
      <dt className="text-ink-subtle relative text-sm">
        <span className="absolute top-0.5 -left-8">{icon}</span>
        {label}
      </dt>
      <dd className="text-ink min-w-0 font-medium">{children}</dd>
    </div>
  );
}

/** `/events/:slug`: cover, dates, place, description, speakers, venue map and booking banner. */
export function EventPage({ data: { event } }: { data: EventData }) {
  const site = useSite();
  const edit = useEditable();
  const showBanner = event.upcoming && !event.online;
  const register = event.upcoming && event.online && event.bookingUrl;
  const bookingHref = event.bookingUrl ?? site.bookingUrl;
  return (
    <>
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
                  {timeText(event)}
                </span>
              </p>
              {!event.online && (event.venue || event.location) && (
                <p className="text-ink-muted mt-2 flex items-start gap-2 text-lg">
                  <MapPinIcon className="text-ink-subtle mt-1.5 h-5 w-5 shrink-0" />
                  <span>{event.venue ?? event.location}</span>
                </p>
              )}
              {(register || (showBanner && bookingHref)) && (
                <div className="mt-8 flex flex-wrap gap-3">
                  {register && (
                    <a href={event.bookingUrl!} className="btn btn-primary" rel="noopener">
                      {t("events.register")} <ExternalIcon />
                    </a>
                  )}
                  {showBanner && bookingHref && (
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

      <div className="container-page grid gap-12 pt-12 md:pt-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16">
        <div className="min-w-0">
          <section aria-labelledby="about-title">
            <h2 id="about-title" className="text-2xl font-semibold tracking-tight md:text-3xl">
              {t("events.about_title")}
            </h2>
            <div {...edit("description")}>
              <Prose html={event.descriptionHtml} className="mt-5" />
            </div>
          </section>

          {event.speakers.length > 0 && (
            <section aria-labelledby="speakers-title" className="mt-14">
              <h2 id="speakers-title" className="text-2xl font-semibold tracking-tight md:text-3xl">
                {t("events.speakers_title")}
              </h2>
              <ul className="mt-6 grid gap-4 md:grid-cols-2">
                {event.speakers.map((speaker) => (
                  <li key={speaker.id}>
                    <SpeakerCard speaker={speaker} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>

        <aside aria-labelledby="details-title" className="lg:sticky lg:top-24 lg:self-start">
          <div className="border-line rounded-xl border p-6">
            <h2 id="details-title" className="text-lg font-semibold tracking-tight">
              {t("events.details_title")}
            </h2>
            <dl className="divide-line mt-2 divide-y text-[0.9375rem]">
              <Fact icon={<CalendarIcon />} label={t("events.label_date")}>
                {formatDateRange(event.startAt, event.endAt)}
              </Fact>
              <Fact icon={<ClockIcon />} label={t("events.label_time")}>
                {event.endAt && !isSingleDay(event.startAt, event.endAt)
                  ? t("events.time_span", { start: formatDayTime(event.startAt), end: formatDayTime(event.endAt) })
                  : timeText(event)}
              </Fact>
              {event.online ? (
                <Fact icon={<MapPinIcon />} label={t("events.label_location")}>
                  <OnlineBadge className="mt-1" />
                </Fact>
              ) : (
                <>
                  {event.venue && (
                    <Fact icon={<MapPinIcon />} label={t("events.label_venue")}>
                      {event.venue}
                    </Fact>
                  )}
                  {event.location && (
                    <Fact icon={<MapPinIcon />} label={t("events.label_location")}>
                      {event.location}
                    </Fact>
                  )}
                </>
              )}
              {event.booth && (
                <Fact icon={<BoothIcon />} label={t("events.label_booth")}>
                  {event.booth}
                </Fact>
              )}
            </dl>
            {!event.online && event.position && (
              <div className="mt-4">
                {event.map && (
                  <iframe
                    src={event.map.embedUrl}
                    title={event.map.title}
                    loading="lazy"
                    referrerPolicy="strict-origin-when-cross-origin"
                    allowFullScreen
                    className="border-line bg-surface-sunken aspect-[4/3] w-full rounded-lg border"
                  />
                )}
                <a
                  href={openStreetMapUrl(event.position)}
                  rel="noopener"
                  className="link mt-3 inline-flex items-center gap-1.5 text-sm font-semibold"
                >
                  {t("events.open_map")} <ExternalIcon className="h-3.5 w-3.5" />
                </a>
              </div>
            )}
          </div>
        </aside>
      </div>

      {showBanner && (
        <div className="container-page mt-12 md:mt-16">
          <EventBanner event={event} bookingUrl={site.bookingUrl} text={t("events.banner_text")} />
        </div>
      )}
    </>
  );
}
