// The search feature's server face: its API, resolvers, index upkeep and analytics, and what other
// features may use of it.
import { defineFeature } from "../../router/feature.server";
import { fillSearchGapsJob } from "./analytics/gaps.server";
import { searchContent } from "./content.server";
import { searchRoutes } from "./routes/api.server";
import { isIndexedCollection, rebuildSearchIndexJob, requestSearchIndexUpdate } from "./site-index.server";

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
  async onContentChange({ collection, keys, rewritten, env, content, afterResponse }) {
    // The index follows its content, after the response: the named items' documents alone when
    // that is all the change touched, else every document compared.
    // A save the CMS followed with rewrites of indexed items (a moved page's children) named only itself.
    const rewroteIndexed = rewritten.some(isIndexedCollection);
    if (!rewroteIndexed && !isIndexedCollection(collection)) return;
    const change = rewroteIndexed ? null : { collection, keys };
    await afterResponse(requestSearchIndexUpdate(env.CONTENT_CACHE, content, change));
  },
});
