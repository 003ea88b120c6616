import type { Bindings } from "../env";
import { storePageFeedback, type PageFeedbackMessage } from "../features/feedback/store.server";
import { storeFormSubmission, type FormSubmissionMessage } from "../features/forms/store.server";
import { storeSubscription, type Subscription } from "../features/newsletter/store.server";

/**
 * What waits in the queue: a newsletter subscription (its bare body, as queued before forms
 * existed, so messages in flight at a deploy still arrive) or a form submission (`kind`).
 */
export type QueueMessage = Subscription | FormSubmissionMessage | PageFeedbackMessage;

const isFormSubmission = (body: QueueMessage): body is FormSubmissionMessage =>
  (body as Partial<FormSubmissionMessage>).kind === "form_submission";
const isPageFeedback = (body: QueueMessage): body is PageFeedbackMessage => (body as Partial<PageFeedbackMessage>).kind === "page_feedback";

/** Backoff between deliveries of a message Directus could not take yet. */
const retryDelaySeconds = (attempts: number) => Math.min(300, 10 * 2 ** Math.max(0, attempts - 1));

/**
 * Consumer of the queue: stores each subscription, form submission or page comment that could not be stored
 * when it was made. A failure is retried with backoff; after the queue's last try the message
 * goes to the dead-letter queue (wrangler.toml), so nothing is dropped silently.
 */
export async function handleQueueBatch(
  batch: MessageBatch<QueueMessage>,
  env: Bindings,
  options: { fetch?: typeof fetch } = {},
): Promise<void> {
  for (const message of batch.messages) {
    const what = isFormSubmission(message.body) ? "form submission" : isPageFeedback(message.body) ? "page feedback" : "subscription";
    try {
      if (isFormSubmission(message.body)) await storeFormSubmission(message.body.submission, env, options);
      else if (isPageFeedback(message.body)) await storePageFeedback(message.body.feedback, env, options);
      else await storeSubscription(message.body, env, options);
      message.ack();
    } catch (error) {
      console.warn(`${what} ${message.id} not stored yet (attempt ${message.attempts}):`, error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
