import { defineContentType } from "../../content/content-type.server";
import { itemRead } from "../../content/extensions.server";
import { sitemapQuery } from "../../content/queries/sitemap";
import { eventHref } from "../../lib/paths/events";
import { eventPathQuery, eventVersionReads } from "./queries";

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
});
