// Shared by several route modules. Kept out of the route modules themselves: in the browser
// each route module is the entry of its own chunk, so importing a helper from another route
// loads that route's view too (the event page loaded the home page's and the events list's).

/** "Now" rounded down to the hour: upcoming-event queries stay cacheable for an hour. */
export function currentHour(now = Date.now()): string {
  return new Date(Math.floor(now / 3_600_000) * 3_600_000).toISOString();
}

/** An event is upcoming until it ends (a conference in progress still is), against the current hour. */
export function isUpcoming(event: { startAt: string; endAt?: string | null }, now: string): boolean {
  return Date.parse(event.endAt ?? event.startAt) >= Date.parse(now);
}
