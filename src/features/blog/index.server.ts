// The blog feature's server face: its feed and content types.
import { defineFeature } from "../../router/feature.server";
import { authorsContentType, postsContentType } from "./content-type.server";
import { blogRssPath } from "../../lib/paths/blog";
import { rssFeed } from "./routes/rss.server";
export const blogFeature = defineFeature({
  name: "blog",
  routes: (app) => app.get(blogRssPath, rssFeed),
  contentTypes: [postsContentType, authorsContentType],
});
