import type { Bindings } from "../env";
import { isRetryLater, type QueueHandler, type QueueOptions } from "../router/feature.server";
import { features } from "./features.server";

/**
 * What waits in the queue: a message with the `kind` a feature handles (a form submission, page
 * feedback, a webhook delivery), or a bare newsletter subscription, as queued before messages had
 * kinds.
 */
export type QueueMessage = object;

/** The features' kinds of message; a bare body is a subscription. */
const handlers: ReadonlyMap<string, QueueHandler> = new Map(features.flatMap((feature) => Object.entries(feature.queue ?? {})));
const kindOf = (body: QueueMessage): string => {
  const kind = (body as { kind?: unknown }).kind;
  return typeof kind === "string" ? kind : "subscription";
};

/**
 * The queue's tries of one message: `max_retries` of the consumer in wrangler.toml, plus the
 * first (a unit test keeps them equal). A message that fails its last try goes to the dead-letter
 * queue.
 */
export const QUEUE_MAX_RETRIES = 10;

/** Backoff between deliveries of a message Directus could not take yet. */
const retryDelaySeconds = (attempts: number) => Math.min(300, 10 * 2 ** Math.max(0, attempts - 1));

/**
 * Consumer of the queue: stores each subscription, form submission or page comment that could not
 * be stored when it was made, and sends stored submissions to their forms' webhooks. A failure is
 * retried with backoff; after the queue's last try the message goes to the dead-letter queue
 * (wrangler.toml), so nothing is dropped silently. A kind no feature handles is retried too: a
 * worker of an older or newer release may handle it.
 */
export async function handleQueueBatch(batch: MessageBatch<QueueMessage>, env: Bindings, options: QueueOptions = {}): Promise<void> {
  for (const message of batch.messages) {
    const kind = kindOf(message.body);
    const handler = handlers.get(kind);
    try {
      if (!handler) throw new Error(`no feature handles queued messages of kind "${kind}"`);
      const outcome = await handler.handle(
        message.body,
        env,
        { attempts: message.attempts, last: message.attempts >= QUEUE_MAX_RETRIES + 1 },
        options,
      );
      if (isRetryLater(outcome)) message.retry({ delaySeconds: outcome.retryAfterSeconds });
      else message.ack();
    } catch (error) {
      console.warn(`${handler?.what ?? kind} ${message.id} not done yet (attempt ${message.attempts}):`, error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
