// The search feature's server face: its API, resolvers, index upkeep and analytics, and what other
// features may use of it.
import { defineFeature } from "../../router/feature.server";
import { fillSearchGapsJob } from "./analytics/gaps.server";
import { searchContent } from "./content.server";
import { searchRoutes } from "./routes/api.server";
import { isIndexedCollection, rebuildSearchIndexJob, requestSearchIndexRebuild } from "./site-index.server";

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

export const searchFeature = defineFeature({
  name: "search",
  routes: (app) => app.route("/api/search", searchRoutes),
  content: [searchContent],
  jobs: [rebuildSearchIndexJob, fillSearchGapsJob],
  async onContentChange({ collection, env, content, afterResponse }) {
    // The index follows its content: rebuilt after the response, from the fresh content.
    if (isIndexedCollection(collection)) await afterResponse(requestSearchIndexRebuild(env.CONTENT_CACHE, content));
  },
});
