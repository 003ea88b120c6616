import type { ReactNode } from "react";
import { t } from "../../../i18n";
import { BoothIcon, CalendarIcon, ClockIcon, ExternalIcon, MapPinIcon } from "../../../ui/icons";
import type { EventDetail } from "../types";
import { formatDateRange, formatDayTime, isSingleDay } from "./dates";
import { OnlineBadge } from "./EventListCard";
import { eventTimeText } from "./event-time";
import { openStreetMapUrl } from "./map";

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

/** The venue's embedded map (when a maps key is set) and a link to it on OpenStreetMap. */
function VenueMap({ event, position }: { event: EventDetail; position: NonNullable<EventDetail["position"]> }) {
  return (
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
      <a href={openStreetMapUrl(position)} rel="noopener" className="link mt-3 inline-flex items-center gap-1.5 text-sm font-semibold">
        {t("events.open_map")} <ExternalIcon className="h-3.5 w-3.5" />
      </a>
    </div>
  );
}

/** The event's side panel: date, time, place, booth, and the venue's map. */
export function EventDetails({ event }: { event: EventDetail }) {
  return (
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
              : eventTimeText(event)}
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
        {!event.online && event.position && <VenueMap event={event} position={event.position} />}
      </div>
    </aside>
  );
}
