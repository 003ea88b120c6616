// The forms feature's server face: its API (the app hands it the forms a page shows: the pages
// feature knows them) and its queue: submissions that had to wait, and their webhooks.
import { defineFeature } from "../../router/feature.server";
import { webhookRetryDelaySeconds } from "./delivery/backoff";
import { deliverWebhook, fanOutDeliveries } from "./delivery/webhooks.server";
import type { FormsOptions } from "./routes/api.server";
import { storeFormSubmission } from "./store.server";
import type { FormDeliveriesMessage, FormSubmissionMessage, FormWebhookMessage } from "./submission";

export { formRoutes } from "./routes/api.server";

declare module "../../router/feature.server" {
  interface FeatureOptions {
    /** Form submissions: Directus and Turnstile's siteverify (fakes). */
    forms?: FormsOptions;
  }
}

export const formsFeature = defineFeature({
  name: "forms",
  queue: {
    form_submission: {
      what: "form submission",
      handle: (body: FormSubmissionMessage, env, _attempt, options) => storeFormSubmission(body.submission, env, options),
    },
    form_deliveries: {
      what: "form webhook lookup",
      handle: async (body: FormDeliveriesMessage, env, _attempt, options) => {
        await fanOutDeliveries(body, env, options);
      },
    },
    form_webhook: {
      what: "form webhook delivery",
      async handle(body: FormWebhookMessage, env, attempt, options) {
        const outcome = await deliverWebhook(body, attempt, env, options);
        // A dead letter is retried once more: the queue, past its last try, moves it to the dead-letter queue.
        return outcome === "retry" || outcome === "dead_letter"
          ? { retryAfterSeconds: webhookRetryDelaySeconds(attempt.attempts) }
          : "acknowledged";
      },
    },
  },
});
