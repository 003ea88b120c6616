import { defineContentType } from "../../content/content-type.server";
import { itemRead } from "../../content/extensions.server";
import { sitemapQuery } from "../../content/queries/sitemap";
import { eventHref } from "./paths";
import { htmlToText } from "../search";
import type { SearchDocument } from "../../content/search-document";
import type { SearchEventsQuery } from "../../content/generated/operations";
import { eventPathQuery, eventVersionReads, searchEventsByIdsQuery, searchEventsQuery } from "./queries";

/** An event as the search finds it; none without a title. */
function eventDocument(event: SearchEventsQuery["events"][number]): SearchDocument[] {
  if (!event.title) return [];
  return [
    {
      id: eventHref(event.slug),
      kind: "event",
      title: event.title,
      description: [event.venue, event.location, event.online ? "Online" : null].filter(Boolean).join(" · ") || undefined,
      body: htmlToText(event.description),
      url: eventHref(event.slug),
      section: event.location ?? undefined,
      date: event.start_at ?? undefined,
      item: event.id,
    },
  ];
}

/** Events: published at `publish_at`, a page each. */
export const eventsContentType = defineContentType({
  collection: "events",
  status: true,
  publishTimeField: "publish_at",
  async previewPath(content, id) {
    const slug = (await content.query(eventPathQuery, { id })).events_by_id?.slug;
    return slug ? eventHref(slug) : null;
  },
  versionedReads: [itemRead("EventDetail", "events", eventVersionReads.event)],
  sitemap: { operation: sitemapQuery, urls: (data) => data.events.map((event) => ({ path: eventHref(event.slug) })) },
  search: {
    reads: [searchEventsQuery],
    async *documents(content) {
      for (const event of (await content.query(searchEventsQuery)).events) yield* eventDocument(event);
    },
    async *itemDocuments(content, ids) {
      for (const event of (await content.query(searchEventsByIdsQuery, { ids: [...ids] })).events) yield* eventDocument(event);
    },
  },
});
