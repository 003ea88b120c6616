import { createApp } from "./app";
import type { Bindings } from "./env";
import type { Subscription } from "./newsletter/store.server";
import { handleSubscriptionBatch } from "./newsletter/queue.server";

const app = createApp();

/**
 * The worker entry. Workers Static Assets serve dist/client first; every other request
 * reaches the Hono app. The queue consumer stores newsletter subscriptions that had to wait.
 */
export default {
  fetch: app.fetch,
  queue: (batch, env) => handleSubscriptionBatch(batch, env),
} satisfies ExportedHandler<Bindings, Subscription>;
