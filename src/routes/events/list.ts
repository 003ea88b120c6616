import { eventsListQuery } from "../../content/queries/events";
import { reshapeEventCard } from "../../content/reshape";
import type { EventCard } from "../../content/types/site";
import { t } from "../../i18n";
import { EventsPage } from "../../views/pages/EventsPage";
import { defineRoute } from "../define";
import { currentHour, isUpcoming } from "../clock";

export { isUpcoming } from "../clock";

/** `/events`: upcoming events (soonest first) and past events (latest first). */
export default defineRoute({
  operations: [eventsListQuery],
  View: EventsPage,
  async load({ content, config }) {
    const result = await content.query(eventsListQuery);
    const now = currentHour();
    const events = result.events.filter((event) => event.start_at).map((event) => reshapeEventCard(event, config.apiBaseUrl));
    const upcoming = events.filter((event) => isUpcoming(event, now));
    return {
      data: { upcoming, past: events.filter((event) => !isUpcoming(event, now)).reverse() },
      meta: {
        title: t("events.meta_title"),
        description: t("events.meta_description", { name: config.name }),
        path: "/events",
        jsonLd: [
          {
            "@context": "https://schema.org",
            "@type": "ItemList",
            name: t("events.upcoming_title"),
            numberOfItems: upcoming.length,
            itemListElement: upcoming.map((event, index) => ({
              "@type": "ListItem",
              position: index + 1,
              url: new URL(event.href, config.url).toString(),
              name: event.title,
            })),
          },
        ],
      },
    };
  },
});
