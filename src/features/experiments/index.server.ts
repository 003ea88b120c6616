// The experiments feature's server face: the middleware that picks a visitor's variants, the page
// cache's key part before the app, and the forms API's conversion.
import { defineFeature } from "../../router/feature.server";
import { experiments } from "./middleware.server";

export { memoryPageVariant, recordCallToActionConversion, recordFormConversion, recordPageView } from "./middleware.server";
export { clearLiveExperimentsMemo } from "./live.server";

export const experimentsFeature = defineFeature({
  name: "experiments",
  // Before the cached pages: they are kept per variant.
  beforePages: () => experiments(),
});
