// The blog feature's server face: its feed, content types and the menus' links to its posts.
import { defineFeature } from "../../router/feature.server";
import { blogContent } from "./content.server";
import { authorsContentType, postsContentType } from "./content-type.server";
import { blogRssPath } from "./paths";
import { rssFeed } from "./routes/rss.server";
export const blogFeature = defineFeature({
  name: "blog",
  routes: (app) => app.get(blogRssPath, rssFeed),
  contentTypes: [postsContentType, authorsContentType],
  content: [blogContent],
  feeds: (siteName) => [{ title: `${siteName} blog`, href: blogRssPath }],
});
