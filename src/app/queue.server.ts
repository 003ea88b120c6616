import type { Bindings } from "../env";
import { storePageFeedback, type PageFeedbackMessage } from "../features/feedback/store.server";
import { webhookRetryDelaySeconds } from "../features/forms/delivery/backoff";
import { deliverWebhook, fanOutDeliveries } from "../features/forms/delivery/webhooks.server";
import { storeFormSubmission } from "../features/forms/store.server";
import type { FormDeliveriesMessage, FormSubmissionMessage, FormWebhookMessage } from "../features/forms/submission";
import { storeSubscription, type Subscription } from "../features/newsletter/store.server";

/**
 * What waits in the queue: a newsletter subscription (its bare body, as queued before forms
 * existed, so messages in flight at a deploy still arrive), a form submission, page feedback, a
 * stored submission's deliveries to look up, or one webhook delivery (`kind`).
 */
export type QueueMessage = Subscription | FormSubmissionMessage | PageFeedbackMessage | FormDeliveriesMessage | FormWebhookMessage;

type Kind = "form_submission" | "page_feedback" | "form_deliveries" | "form_webhook";
const kindOf = (body: QueueMessage): Kind | "subscription" => (body as { kind?: Kind }).kind ?? "subscription";

/**
 * The queue's tries of one message: `max_retries` of the consumer in wrangler.toml, plus the
 * first (a unit test keeps them equal). A message that fails its last try goes to the dead-letter
 * queue.
 */
export const QUEUE_MAX_RETRIES = 10;

/** Backoff between deliveries of a message Directus could not take yet. */
const retryDelaySeconds = (attempts: number) => Math.min(300, 10 * 2 ** Math.max(0, attempts - 1));

const what: Record<Kind | "subscription", string> = {
  subscription: "subscription",
  form_submission: "form submission",
  page_feedback: "page feedback",
  form_deliveries: "form webhook lookup",
  form_webhook: "form webhook delivery",
};

/**
 * Consumer of the queue: stores each subscription, form submission or page comment that could not
 * be stored when it was made, and sends stored submissions to their forms' webhooks. A failure is
 * retried with backoff; after the queue's last try the message goes to the dead-letter queue
 * (wrangler.toml), so nothing is dropped silently.
 */
export async function handleQueueBatch(
  batch: MessageBatch<QueueMessage>,
  env: Bindings,
  options: { fetch?: typeof fetch; now?: () => Date } = {},
): Promise<void> {
  for (const message of batch.messages) {
    const body = message.body;
    const kind = kindOf(body);
    try {
      if (kind === "form_webhook") {
        const last = message.attempts >= QUEUE_MAX_RETRIES + 1;
        const outcome = await deliverWebhook(body as FormWebhookMessage, { attempts: message.attempts, last }, env, options);
        // A dead letter is retried once more: the queue, past its last try, moves it to the dead-letter queue.
        if (outcome === "retry" || outcome === "dead_letter") message.retry({ delaySeconds: webhookRetryDelaySeconds(message.attempts) });
        else message.ack();
        continue;
      }
      if (kind === "form_submission") await storeFormSubmission((body as FormSubmissionMessage).submission, env, options);
      else if (kind === "form_deliveries") await fanOutDeliveries(body as FormDeliveriesMessage, env, options);
      else if (kind === "page_feedback") await storePageFeedback((body as PageFeedbackMessage).feedback, env, options);
      else await storeSubscription(body as Subscription, env, options);
      message.ack();
    } catch (error) {
      console.warn(`${what[kind]} ${message.id} not done yet (attempt ${message.attempts}):`, error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
