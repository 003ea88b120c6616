// The changelog feature's server face: its feeds, content type and content.
import { defineFeature } from "../../router/feature.server";
import { changelogContent } from "./content.server";
import { changelogContentType } from "./content-type.server";
import { changelogFeed } from "./routes/feed.server";
export const changelogFeature = defineFeature({
  name: "changelog",
  routes: (app) => {
    app.get("/changelog/rss.xml", changelogFeed);
    app.get("/changelog/:product/rss.xml", changelogFeed);
  },
  contentTypes: [changelogContentType],
  content: [changelogContent],
});
