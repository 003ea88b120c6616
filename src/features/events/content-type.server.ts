import { defineContentType } from "../../content/content-type.server";
import { itemRead } from "../../content/extensions.server";
import { sitemapQuery } from "../../content/queries/sitemap";
import { eventHref } from "./paths";
import { htmlToText } from "../search";
import { eventPathQuery, eventVersionReads, searchEventsQuery } from "./queries";

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
      for (const event of (await content.query(searchEventsQuery)).events) {
        if (!event.title) continue;
        yield {
          id: eventHref(event.slug),
          kind: "event",
          title: event.title,
          description: [event.venue, event.location, event.online ? "Online" : null].filter(Boolean).join(" · ") || undefined,
          body: htmlToText(event.description),
          url: eventHref(event.slug),
          section: event.location ?? undefined,
          date: event.start_at ?? undefined,
        };
      }
    },
  },
});
