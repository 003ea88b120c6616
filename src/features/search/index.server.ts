// The search feature's public server-only module: what other features may use of it.
export {
  isAskVoteBeacon,
  isSearchBeacon,
  kindsFound,
  recordAskVote,
  recordSearchBeacon,
  recordSearchPageView,
  writeAskPoint,
  writeSearchPoint,
} from "./analytics/events.server";
