import "./content-extensions.server";
import { graphqlRequest } from "../content/client.server";
import { publicNow } from "../content/content.server";
import { moveGeneration } from "../content/generations.server";
import { markTags, tagsOfChange } from "../content/tags.server";
import { scheduledPublicationsQuery } from "../content/scheduled-publications";
import type { Bindings } from "../env";
import { errorFields, logLine } from "../lib/log";
import type { RenderPage } from "../env";
import type { ScheduledJob, ScheduledRun } from "../router/feature.server";
import { contentTypes, withPublishing } from "./content-types.server";
import { features } from "./features.server";
import { renderChangedPages } from "./render-again.server";

/** Every content type with a publish time (and the pages' block windows), asked about at once. */
const scheduledQuery = scheduledPublicationsQuery(contentTypes);

/** KV key: the end of the last window of publish times already announced. */
export const publishedUntilKey = "scheduled:published-until";
/** The first run (or one after the key was lost) looks back this far. */
export const firstRunLookbackMs = 24 * 60 * 60 * 1000;

/**
 * Scheduled publishing: items whose publish time passed since the last run make their
 * collections' cached content and pages stale (a new generation), so they appear by themselves,
 * within the minute (docs/decisions/009-scheduled-publishing.md). The window ends at this
 * minute, rounded down like the `$now` of public queries: a request that sees the new generation
 * also filters with a `$now` at or after the window's end.
 */
const publishScheduledItems: ScheduledJob = {
  name: "publish-scheduled-items",
  async run(env, { scheduledTime, fetch, renderPage }) {
    const kv = env.CONTENT_CACHE;
    const until = publicNow(scheduledTime);
    const previous = await kv.get(publishedUntilKey);
    if (previous !== null && previous >= until) return; // this minute is done (a retried or doubled run)
    const since = previous ?? new Date(Date.parse(until) - firstRunLookbackMs).toISOString();
    // The preview token reads regardless of the CMS's own clock; the query asks for published items only.
    const data = await graphqlRequest<Record<string, { id: string }[]>>(
      { query: scheduledQuery.document, operationName: scheduledQuery.name, variables: { since, until } },
      { apiBaseUrl: env.API_BASE_URL, token: env.DIRECTUS_PREVIEW_TOKEN || undefined, fetch },
    );
    const due = Object.entries(data).filter(([, items]) => Array.isArray(items) && items.length > 0);
    for (const [collection, items] of due) {
      // Published by time: the items and every list they enter; the pages held here that show them are rendered again.
      const change = withPublishing({ collection, keys: items.map((item) => String(item.id)) });
      const tags = tagsOfChange(change);
      await markTags(kv, tags);
      await moveGeneration(kv, collection, Date.now(), tags);
      if (renderPage) await renderChangedPages({ siteUrl: env.SITE_URL, change, tags, kv, renderPage });
    }
    await kv.put(publishedUntilKey, until);
    if (due.length) {
      logLine("info", "scheduled_publish", {
        since,
        until,
        items: Object.fromEntries(due.map(([collection, items]) => [collection, items.map((item) => item.id)])),
      });
    }
  },
};

/** Every job of the cron trigger, the app's and the features'; they run side by side. */
const scheduledJobs: readonly ScheduledJob[] = [publishScheduledItems, ...features.flatMap((feature) => feature.jobs ?? [])];

/**
 * The worker's `scheduled` handler: runs every job, logs each failure, and fails the invocation
 * when one failed (the platform's cron history shows it), after the others finished.
 */
export async function scheduled(
  controller: Pick<ScheduledController, "scheduledTime" | "cron">,
  env: Bindings,
  ctx: Pick<ExecutionContext, "waitUntil">,
  {
    jobs = scheduledJobs,
    fetch,
    renderPage,
  }: { jobs?: readonly ScheduledJob[]; fetch?: typeof globalThis.fetch; renderPage?: RenderPage } = {},
): Promise<void> {
  const run: ScheduledRun = {
    scheduledTime: controller.scheduledTime,
    cron: controller.cron,
    waitUntil: (promise) => ctx.waitUntil(promise),
    fetch,
    renderPage,
  };
  const results = await Promise.allSettled(jobs.map((job) => job.run(env, run)));
  const failed = jobs.filter((job, index) => {
    const result = results[index]!;
    if (result.status === "fulfilled") return false;
    logLine("error", "scheduled_job_failed", { job: job.name, cron: controller.cron, ...errorFields(result.reason) });
    return true;
  });
  if (failed.length) throw new Error(`scheduled: ${failed.map((job) => job.name).join(", ")} failed`);
}
