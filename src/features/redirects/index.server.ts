// The redirects feature's server face: redirects at the edge, their map rebuilt when editors change it.
import { defineFeature } from "../../router/feature.server";
import { redirects } from "./middleware";
import { rebuildRedirectMap, redirectCollections } from "./store.server";

export { surelyNotRedirected } from "./store.server";
export const redirectsFeature = defineFeature({
  name: "redirects",
  // Before the cached pages: an old address never shows its old page.
  beforePages: ({ options, renderErrorPage }) => redirects({ content: options.content, renderGone: (c) => renderErrorPage(c, 410) }),
  async onContentChange({ collection, env, content }) {
    // Rebuilt before the webhook answers, so the change is live when the CMS hears back.
    if (!redirectCollections.includes(collection)) return;
    await rebuildRedirectMap(env.CONTENT_CACHE, content).catch((error) =>
      console.error("redirect map failed:", error instanceof Error ? error.message : error),
    );
  },
});
