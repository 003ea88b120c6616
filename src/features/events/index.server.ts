// The events feature's server face: its content type.
import { defineFeature } from "../../router/feature.server";
import { eventsContentType } from "./content-type.server";
export const eventsFeature = defineFeature({
  name: "events",
  contentTypes: [eventsContentType],
});
