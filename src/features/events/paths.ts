/** The events list's address for a page; page 1 is the bare /events. */
export const eventsListHref = (page: number) => (page > 1 ? `/events?page=${page}` : "/events");

/** One event's page. */
export const eventHref = (slug: string) => `/events/${encodeURIComponent(slug)}`;
