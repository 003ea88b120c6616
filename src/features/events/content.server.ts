import { eventHref } from "../../lib/paths/events";
import { eventPathQuery } from "./queries";
import { itemRead, type ContentExtensions } from "../../content/extensions.server";
import { eventVersionReads } from "./queries";

/** An event's content version in a preview. */
export const eventsContent: Partial<ContentExtensions> = {
  previewPaths: {
    async events(content, id) {
      const slug = (await content.query(eventPathQuery, { id })).events_by_id?.slug;
      return slug ? eventHref(slug) : null;
    },
  },
  versionedReads: [itemRead("EventDetail", "events", eventVersionReads.event)],
};
