// The analytics feature's server face: the page-view collector, and what other features may use of it.
import { defineFeature } from "../../router/feature.server";
import { collectRoutes } from "./routes/collect.server";
export { pagePath, referrerHost } from "./routes/collect.server";

export const analyticsFeature = defineFeature({
  name: "analytics",
  routes: (app) => app.route("/api/collect", collectRoutes),
});
