// The feedback feature's server face: its API (the app hands it the check that a page asks for
// feedback: only the route table knows) and its queued comments.
import { defineFeature } from "../../router/feature.server";
import { storePageFeedback, type PageFeedbackMessage } from "./store.server";
import type { FeedbackOptions } from "./routes/api.server";

export { feedbackRoutes } from "./routes/api.server";

declare module "../../router/feature.server" {
  interface FeatureOptions {
    /** Page feedback comments: Directus (a mock). */
    feedback?: FeedbackOptions;
  }
}

export const feedbackFeature = defineFeature({
  name: "feedback",
  queue: {
    page_feedback: {
      what: "page feedback",
      handle: (body: PageFeedbackMessage, env, _attempt, options) => storePageFeedback(body.feedback, env, options),
    },
  },
});
