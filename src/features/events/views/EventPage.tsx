import { t } from "../../../i18n";
import { useSite } from "../../../ui/site-context";
import type { EventDetail } from "../types";
import { EventAbout } from "./EventAbout";
import { EventBanner } from "./EventBanner";
import { EventDetails } from "./EventDetails";
import { EventHero } from "./EventHero";

export interface EventData {
  event: EventDetail;
}

/** `/events/:slug`: cover, dates, place, description, speakers, venue map and booking banner. */
export function EventPage({ data: { event } }: { data: EventData }) {
  const site = useSite();
  // An upcoming event in person: book a meeting at it (a button in the hero, the banner below).
  const showBanner = event.upcoming && !event.online;
  return (
    <>
      <EventHero event={event} bookingHref={event.bookingUrl ?? site.bookingUrl} showBooking={showBanner} />

      <div className="container-page grid gap-12 pt-12 md:pt-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16">
        <EventAbout event={event} />
        <EventDetails event={event} />
      </div>

      {showBanner && (
        <div className="container-page mt-12 md:mt-16">
          <EventBanner event={event} bookingUrl={site.bookingUrl} text={t("events.banner_text")} />
        </div>
      )}
    </>
  );
}
