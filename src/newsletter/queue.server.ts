import type { Bindings } from "../env";
import { storeSubscription, type Subscription } from "./store.server";

/** Backoff between deliveries of a subscription Directus could not take yet. */
const retryDelaySeconds = (attempts: number) => Math.min(300, 10 * 2 ** Math.max(0, attempts - 1));

/**
 * Consumer of the subscriptions queue: stores each subscription that could not be stored
 * when it was made. A failure is retried with backoff; after the queue's last try the
 * message goes to the dead-letter queue (wrangler.toml), so nothing is dropped silently.
 */
export async function handleSubscriptionBatch(
  batch: MessageBatch<Subscription>,
  env: Bindings,
  options: { fetch?: typeof fetch } = {},
): Promise<void> {
  for (const message of batch.messages) {
    try {
      await storeSubscription(message.body, env, options);
      message.ack();
    } catch (error) {
      console.warn(`subscription ${message.id} not stored yet (attempt ${message.attempts}):`, error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
