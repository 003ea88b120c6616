// The newsletter feature's server face: sign-ups, stored at once or queued.
import { defineFeature } from "../../router/feature.server";
import { subscribeRoutes, type SubscribeOptions } from "./routes/api.server";
import { storeSubscription, type Subscription } from "./store.server";

declare module "../../router/feature.server" {
  interface FeatureOptions {
    /** Newsletter storage (a mock Directus). */
    subscribe?: SubscribeOptions;
  }
}
export const newsletterFeature = defineFeature({
  name: "newsletter",
  routes: (app, { options }) => app.route("/api/subscribe", subscribeRoutes(options.subscribe)),
  // A queued sign-up is the bare subscription, as queued before messages had kinds.
  queue: {
    subscription: { what: "subscription", handle: (body: Subscription, env, _attempt, options) => storeSubscription(body, env, options) },
  },
});
