import { itemRead, type ContentExtensions } from "../../content/extensions.server";
import { eventVersionReads } from "./queries";

/** An event's content version in a preview. */
export const eventsContent: Partial<ContentExtensions> = {
  versionedReads: [itemRead("EventDetail", "events", eventVersionReads.event)],
};
