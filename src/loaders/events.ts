import { eventsListQuery } from "../content/queries/events";
import { reshapeEventCard } from "../content/reshape";
import { t } from "../i18n";
import type { EventsData } from "../views/pages/EventsPage";
import type { EventCard } from "../views/site";
import { currentHour } from "./home";
import type { LoadedPage, LoaderArgs } from "./types";

/** An event is upcoming until it ends (a conference in progress still is), against the current hour. */
export function isUpcoming(event: Pick<EventCard, "startAt" | "endAt">, now: string): boolean {
  return Date.parse(event.endAt ?? event.startAt) >= Date.parse(now);
}

/** Loader of `/events`: upcoming events (soonest first) and past events (latest first). */
export async function loadEvents({ content, config }: LoaderArgs): Promise<LoadedPage> {
  const result = await content.query(eventsListQuery);
  const now = currentHour();
  const events = result.events.filter((event) => event.start_at).map((event) => reshapeEventCard(event, config.apiBaseUrl));
  const data: EventsData = {
    upcoming: events.filter((event) => isUpcoming(event, now)),
    past: events.filter((event) => !isUpcoming(event, now)).reverse(),
  };
  return {
    view: "events",
    data,
    meta: {
      title: t("events.meta_title"),
      description: t("events.meta_description", { name: config.name }),
      path: "/events",
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "ItemList",
          name: t("events.upcoming_title"),
          numberOfItems: data.upcoming.length,
          itemListElement: data.upcoming.map((event, index) => ({
            "@type": "ListItem",
            position: index + 1,
            url: new URL(event.href, config.url).toString(),
            name: event.title,
          })),
        },
      ],
    },
  };
}
