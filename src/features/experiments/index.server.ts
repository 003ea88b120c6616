// The experiments feature's public server-only module: the app's middleware, the page cache's
// key part before the app, and the forms API's conversion.
export { experiments, memoryPageVariant, recordCallToActionConversion, recordFormConversion, recordPageView } from "./middleware.server";
export { clearLiveExperimentsMemo } from "./live.server";
