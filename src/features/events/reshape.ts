/** The events' card: Directus' event card fields in, the views' type out. */
import { reshapeImage } from "../../content/reshape";
import type { EventCardFieldsFragment } from "../../content/generated/operations";
import { eventHref } from "./paths";
import type { EventCard } from "./types";

/**
 * An event without a start (the lists and the event page leave those out) starts at the epoch:
 * it counts as long past instead of failing the page.
 */
export function reshapeEventCard(event: EventCardFieldsFragment, apiBaseUrl: string): EventCard {
  return {
    slug: event.slug,
    href: eventHref(event.slug),
    title: event.title ?? event.slug,
    startAt: new Date(event.start_at ?? 0).toISOString(),
    endAt: event.end_at ? new Date(event.end_at).toISOString() : null,
    online: Boolean(event.online),
    venue: event.venue,
    location: event.location,
    booth: event.booth,
    bookingUrl: event.booking_link,
    cover: reshapeImage(event.cover, apiBaseUrl, event.title),
  };
}
