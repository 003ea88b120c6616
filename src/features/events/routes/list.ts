import { eventsListQuery } from "../queries";
import { reshapeEventCard } from "../reshape";
import type { EventCard } from "../types";
import { t } from "../../../i18n";
import { EventsPage } from "../views/EventsPage";
import { defineRoute, PageNotFound } from "../../../router/define";
import { parsePage } from "../../../lib/paging";
import { eventsListHref } from "../paths";
import { currentHour, isUpcoming } from "../../../lib/clock";

export { isUpcoming } from "../../../lib/clock";

/** Events per page of /events: upcoming ones first, then past ones, in one sequence. */
const eventsPerPage = 24;

/**
 * `/events`: upcoming events (soonest first), then past events (latest first), `eventsPerPage`
 * a page (`?page=`; anything but a page that exists is a 404, as on the blog).
 */
export default defineRoute({
  operations: [eventsListQuery],
  View: EventsPage,
  async load({ url, content, config }) {
    const page = parsePage(url.searchParams.get("page"));
    if (page === null) throw new PageNotFound("events page");
    const result = await content.query(eventsListQuery);
    const now = currentHour();
    const events = result.events.filter((event) => event.start_at).map((event) => reshapeEventCard(event, config.apiBaseUrl));
    const allUpcoming = events.filter((event) => isUpcoming(event, now));
    const ordered = [...allUpcoming, ...events.filter((event) => !isUpcoming(event, now)).reverse()];
    const totalPages = Math.max(1, Math.ceil(ordered.length / eventsPerPage));
    if (page > totalPages) throw new PageNotFound("events page");
    const shown = ordered.slice((page - 1) * eventsPerPage, page * eventsPerPage);
    // Of every event it reads, the page shows this page's (which page an event falls on: its start time).
    const shownSlugs = new Set(shown.map((event) => event.slug));
    content.showOnly?.(eventsListQuery, { events: result.events.filter((event) => shownSlugs.has(event.slug)) }, ["start_at"]);
    const upcomingShown = new Set(allUpcoming);
    const upcoming = shown.filter((event) => upcomingShown.has(event));
    const path = eventsListHref(page);
    return {
      data: { upcoming, past: shown.filter((event) => !upcomingShown.has(event)), page, totalPages },
      meta: {
        title: page > 1 ? t("events.meta_title_page", { title: t("events.meta_title"), page }) : t("events.meta_title"),
        description: t("events.meta_description", { name: config.name }),
        path,
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
