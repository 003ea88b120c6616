// The search feature's public server-only module: what other features may use of it.
export { isSearchBeacon, kindsFound, recordSearchBeacon, recordSearchPageView, writeSearchPoint } from "./analytics/events.server";
