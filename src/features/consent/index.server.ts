// The consent feature's server face: the API that keeps a visitor's choice.
import { defineFeature } from "../../router/feature.server";
import { consentRoutes } from "./routes/api.server";
export const consentFeature = defineFeature({
  name: "consent",
  routes: (app) => app.route("/api/consent", consentRoutes),
});
