import { createApp } from "./app/create-app";
import type { Bindings } from "./env";
import { exampleSecretsIn, logExampleSecrets, refuseExampleSecrets } from "./app/example-secrets.server";
import { memoryPageVariant } from "./features/experiments/index.server";
import { surelyNotRedirected } from "./features/redirects/index.server";
import { servePageFromMemory } from "./middleware/page-cache";
import { handleQueueBatch, type QueueMessage } from "./app/queue.server";
import { scheduled } from "./app/scheduled.server";

const app = createApp();

/**
 * The worker entry. Workers Static Assets serve dist/client first; a page this isolate holds
 * in its page cache is answered at once; every other request reaches the Hono app. The queue
 * consumer stores newsletter subscriptions, form submissions and page feedback that had to wait
 * (Directus was down). The cron trigger (every minute) runs the scheduled jobs (scheduled
 * publishing, the search index's backstop, doc pages published after a deploy), rendering pages
 * through the app. A preprod or prod worker that still holds a secret from .dev.vars.example does
 * none of it: every request gets 503, queued messages wait, the cron does nothing, each logged.
 */
export default {
  fetch: (request, env, ctx) =>
    refuseExampleSecrets(env) ??
    servePageFromMemory(request, env, surelyNotRedirected, Date.now(), memoryPageVariant) ??
    app.fetch(request, env, ctx),
  queue: async (batch, env) => {
    const examples = exampleSecretsIn(env);
    if (examples.length) {
      logExampleSecrets(env, examples);
      return batch.retryAll();
    }
    return handleQueueBatch(batch, env);
  },
  scheduled: async (controller, env, ctx) => {
    const examples = exampleSecretsIn(env);
    if (examples.length) return logExampleSecrets(env, examples);
    return scheduled(controller, env, ctx, { renderPage: async (request) => app.fetch(request, env, ctx) });
  },
} satisfies ExportedHandler<Bindings, QueueMessage>;
