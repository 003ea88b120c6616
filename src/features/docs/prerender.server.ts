/**
 * Doc pages are rendered (Markdown, Shiki) when they are published, not on a visitor's request:
 * the CMS webhook names the pages that changed, and reading each one through the content layer
 * runs the DocsPage transform, which fills the render cache (KV, by content hash) and the content
 * cache of that page's query. A visitor's first request in a fresh isolate then reads both from
 * KV and never starts the highlighter (cold, that costs hundreds of ms of CPU). The webhook also
 * renders each named page whole and keeps it in KV, so that first request does not render at all.
 *
 * After a deploy, the scheduled job sweeps the docs a bounded batch per run (a cursor in KV)
 * until every page is rendered for this build: published pages belong to the build that wrote
 * them (its assets, its markup), and a new Markdown renderer makes every cached body a miss. When
 * the renderer did not change, a page's Markdown comes from the render cache and the sweep costs
 * a render of the page around it.
 */
import type { RenderPage } from "../../env";
import { docsPageQuery } from "./queries";
import type { ContentSource } from "../../content/operation";
import { publishingRequest } from "../../middleware/published-pages";
import { docsTreeOf } from "./navigation.server";
import { buildId } from "../../render/asset-tags";
import { rendererVersion } from "../../render/markdown/renderer-version";

/**
 * Pages one scheduled run renders at most: a few ms each with the Markdown cached, tens of ms
 * with a new renderer once Shiki is warm, well inside a cron run's CPU; 5,000 pages take 50 runs.
 */
const sweepBatchSize = 100;
/** What a sweep renders for: this renderer in this build. */
const sweepVersion = `${rendererVersion}:${buildId ?? "dev"}`;
const sweepDoneKey = (version: string) => `docs-rendered:${version}`;
const sweepCursorKey = (version: string) => `docs-rendered-cursor:${version}`;

/** Renders a request through the whole app, as a visitor's would be (the worker's own `app.fetch`). */

/**
 * Renders the given pages (a batch of the sweep) into the caches; unpublished ones are skipped.
 * (After an edit, the webhook renders the edited pages itself: src/app/render-again.server.ts.)
 * With `publish`, each page is also rendered whole through the app and kept in KV as a published
 * page (middleware/published-pages.ts), so a fresh isolate serves it without rendering at all.
 */
async function prerenderDocPages(
  content: ContentSource,
  ids: readonly string[],
  publish?: { renderPage: RenderPage; siteUrl: string },
): Promise<number> {
  const tree = publish ? await docsTreeOf(content) : null;
  let rendered = 0;
  for (const id of ids) {
    const result = await content.query(docsPageQuery, { id });
    if (!result.docs_pages.length) continue;
    rendered += 1;
    const location = tree?.ordered.find((candidate) => candidate.page.id === id);
    if (publish && location) {
      const response = await publish.renderPage(publishingRequest(new URL(location.page.href, publish.siteUrl)));
      await response.body?.cancel();
    }
  }
  return rendered;
}

/**
 * One step of the sweep for the current build: the next `batchSize` pages in the tree's order,
 * published whole with `publish`. Returns how many it rendered, 0 once every page has been (then
 * it costs one KV read).
 */
export async function sweepDocPages(
  kv: KVNamespace,
  content: ContentSource,
  {
    batchSize = sweepBatchSize,
    version = sweepVersion,
    publish,
  }: { batchSize?: number; version?: string; publish?: { renderPage: RenderPage; siteUrl: string } } = {},
): Promise<number> {
  if (await kv.get(sweepDoneKey(version))) return 0;
  const ids = (await docsTreeOf(content)).ordered.map(({ page }) => page.id);
  const start = Number((await kv.get(sweepCursorKey(version))) ?? 0) || 0;
  const batch = ids.slice(start, start + batchSize);
  await prerenderDocPages(content, batch, publish);
  const next = start + batch.length;
  if (next >= ids.length) {
    await kv.put(sweepDoneKey(version), new Date().toISOString());
    await kv.delete(sweepCursorKey(version));
  } else {
    await kv.put(sweepCursorKey(version), String(next), { expirationTtl: 86_400 });
  }
  return batch.length;
}
