import "./content-extensions.server";
import { graphqlRequest } from "../content/client.server";
import { Content, publicNow } from "../content/content.server";
import { bumpGeneration } from "../content/generations.server";
import { scheduledPublicationsQuery } from "../content/scheduled-publications";
import type { Bindings } from "../env";
import { errorFields, logLine } from "../lib/log";
import type { RenderPage } from "../env";
import { sweepDocPages } from "../features/docs/prerender.server";
import { rebuildSearchIndexIfStale } from "../features/search/site-index.server";
import { contentTypes } from "./content-types.server";
import { fillSearchGaps } from "../features/search/analytics/gaps.server";

/** Every content type with a publish time (and the pages' block windows), asked about at once. */
const scheduledQuery = scheduledPublicationsQuery(contentTypes);

/** What a job gets from one run of the cron trigger. */
interface ScheduledRun {
  /** When the platform scheduled this run (ms). */
  scheduledTime: number;
  cron: string;
  waitUntil(promise: Promise<unknown>): void;
  /** Upstream fetch (tests inject a mock Directus). */
  fetch?: typeof fetch;
  /** A request through the whole app (the worker's own), to publish pages; none in some tests. */
  renderPage?: RenderPage;
}

/** One task of the cron trigger (`[triggers] crons` in wrangler.toml: every minute). */
export interface ScheduledJob {
  name: string;
  run(env: Bindings, run: ScheduledRun): Promise<void>;
}

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
  async run(env, { scheduledTime, fetch }) {
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
    for (const [collection] of due) await bumpGeneration(kv, collection);
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

/** The search index's backstop: rebuilt when indexed content changed since its last build. */
const rebuildSearchIndex: ScheduledJob = {
  name: "rebuild-search-index",
  async run(env, { scheduledTime, waitUntil, fetch }) {
    const content = new Content(env, waitUntil, false, fetch ? { fetch } : {});
    if (await rebuildSearchIndexIfStale(env.CONTENT_CACHE, content, new Date(scheduledTime))) {
      logLine("info", "search_index_rebuilt", { reason: "cron" });
    }
  },
};

/** After a deploy: every doc page rendered and published whole again, a batch a minute. */
const renderDocPages: ScheduledJob = {
  name: "render-doc-pages",
  async run(env, { waitUntil, fetch, renderPage }) {
    const content = new Content(env, waitUntil, false, fetch ? { fetch } : {});
    const publish = renderPage ? { renderPage, siteUrl: env.SITE_URL } : undefined;
    const rendered = await sweepDocPages(env.CONTENT_CACHE, content, { publish });
    if (rendered) logLine("info", "doc_pages_rendered", { count: rendered, reason: "cron" });
  },
};

/** Once an hour: the searches that found nothing, from Analytics Engine into the CMS for editors (search_gaps). */
const fillSearchGapsJob: ScheduledJob = {
  name: "fill-search-gaps",
  async run(env, { scheduledTime, fetch }) {
    const written = await fillSearchGaps(env, { now: scheduledTime, ...(fetch ? { fetch } : {}) });
    if (written !== null) logLine("info", "search_gaps_filled", { count: written });
  },
};

/** Every job of the cron trigger; they run side by side. Adding one is one line here. */
const scheduledJobs: readonly ScheduledJob[] = [publishScheduledItems, rebuildSearchIndex, renderDocPages, fillSearchGapsJob];

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
