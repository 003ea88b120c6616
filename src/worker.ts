import { createApp } from "./app";
import type { Bindings } from "./env";
import { handleQueueBatch, type QueueMessage } from "./queue/consumer.server";
import { scheduled } from "./scheduled.server";

const app = createApp();

/**
 * The worker entry. Workers Static Assets serve dist/client first; every other request
 * reaches the Hono app. The queue consumer stores newsletter subscriptions and form
 * submissions that had to wait (Directus was down).
 * The cron trigger (every minute) runs the scheduled jobs: scheduled publishing.
 */
export default {
  fetch: app.fetch,
  queue: (batch, env) => handleQueueBatch(batch, env),
  scheduled: (controller, env, ctx) => scheduled(controller, env, ctx),
} satisfies ExportedHandler<Bindings, QueueMessage>;
