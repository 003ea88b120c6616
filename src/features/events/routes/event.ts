import type { SiteConfig } from "../../../config/site";
import { imageUrl } from "../../../config/images";
import { reshapeImage } from "../../../content/reshape";
import { shareImage } from "../../../render/structured-data";
import { eventDetailQuery, reshapeEventDetail } from "../queries";
import type { EventDetail } from "../types";
import { t } from "../../../i18n";
import { summaryOf } from "../../../lib/html-text";
import { mapsEmbedUrl } from "../views/map";
import { EventPage } from "../views/EventPage";
import { defineRoute, PageNotFound, editableItem } from "../../../router/define";
import { currentHour, isUpcoming } from "../../../lib/clock";

/**
 * `/events/:slug`. The venue map needs a maps key: the event's own `map_key`, else the site's
 * `MAPS_KEY` (handed over as `config.mapsKey`); without a key or a position, or for an online
 * event, the page has no map.
 */
export default defineRoute({
  operations: [eventDetailQuery],
  View: EventPage,
  async load({ params, content, config }) {
    const result = await content.query(eventDetailQuery, { slug: params.slug ?? "" });
    const found = result.events[0];
    if (!found || !found.start_at) throw new PageNotFound("event");
    const { mapKey, ...detail } = reshapeEventDetail(found, config);
    const key = mapKey ?? config.mapsKey ?? null;
    const place = detail.venue ?? detail.location ?? detail.title;
    const event: EventDetail = {
      ...detail,
      upcoming: isUpcoming(detail, currentHour()),
      map:
        key && detail.position && !detail.online
          ? { embedUrl: mapsEmbedUrl(key, detail.position, detail.venue), title: t("events.map_title", { place }) }
          : null,
    };
    const cover = event.cover;
    return {
      data: { event },
      editable: editableItem("events", found, found.publish_at),
      meta: {
        title: event.title,
        description: summaryOf(event.descriptionHtml) || t("events.meta_description", { name: config.name }),
        path: event.href,
        // The cover is the editor's image; an event without one shares the card the CMS drew.
        image: cover
          ? { url: imageUrl(cover.src, 1200), width: 1200, height: Math.round((1200 * cover.height) / cover.width), alt: cover.alt }
          : shareImage(null, reshapeImage(found.share_card, config.apiBaseUrl, event.title)),
        jsonLd: [eventJsonLd(event, config)],
      },
    };
  },
});

/** schema.org Event: attendance mode, place or virtual location, performers, organiser. */
export function eventJsonLd(event: EventDetail, config: SiteConfig): object {
  const url = new URL(event.href, config.url).toString();
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    url,
    startDate: event.startAt,
    ...(event.endAt ? { endDate: event.endAt } : {}),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: event.online ? "https://schema.org/OnlineEventAttendanceMode" : "https://schema.org/OfflineEventAttendanceMode",
    location: event.online
      ? { "@type": "VirtualLocation", url: event.bookingUrl ?? url }
      : {
          "@type": "Place",
          name: event.venue ?? event.location ?? event.title,
          address: event.venue ?? event.location ?? undefined,
          ...(event.position ? { geo: { "@type": "GeoCoordinates", latitude: event.position.lat, longitude: event.position.lng } } : {}),
        },
    description: summaryOf(event.descriptionHtml, 300) || undefined,
    ...(event.cover ? { image: [new URL(imageUrl(event.cover.src, 1200), config.url).toString()] } : {}),
    organizer: { "@type": "Organization", name: config.name, url: config.url },
    performer: event.speakers.map((speaker) => ({
      "@type": "Person",
      name: speaker.name,
      ...(speaker.bio ? { description: speaker.bio } : {}),
      ...(speaker.linkedin ? { sameAs: [speaker.linkedin] } : {}),
    })),
  };
}
