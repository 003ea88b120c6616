/**
 * Doc pages are rendered (Markdown, Shiki) when they are published, not on a visitor's request:
 * the CMS webhook names the pages that changed, and reading each one through the content layer
 * runs the DocsPage transform, which fills the render cache (KV, by content hash) and the content
 * cache of that page's query. A visitor's first request in a fresh isolate then reads both from
 * KV and never starts the highlighter (cold, that costs hundreds of ms of CPU). The webhook also
 * renders each named page whole and keeps it in KV, so that first request does not render at all.
 *
 * After a deploy whose renderer changed, every cached body is a miss: the scheduled job sweeps
 * the docs a bounded batch per run (a cursor in KV) until all are rendered for this renderer.
 */
import { docsPageQuery } from "../content/queries/docs";
import type { ContentSource } from "../routes/define";
import { publishingRequest } from "../middleware/published-pages";
import { docsTreeOf } from "../routes/docs/navigation.server";
import { rendererVersion } from "./markdown.server";

/** Pages one scheduled run renders at most (each a few ms to tens of ms once Shiki is warm). */
const sweepBatchSize = 25;
const sweepDoneKey = (version: string) => `docs-rendered:${version}`;
const sweepCursorKey = (version: string) => `docs-rendered-cursor:${version}`;

/** Renders a request through the whole app, as a visitor's would be (the worker's own `app.fetch`). */
export type RenderPage = (request: Request) => Promise<Response>;

/**
 * Renders the given pages (ids from the webhook) into the caches; unpublished ones are skipped.
 * With `publish`, each page is also rendered whole through the app and kept in KV as a published
 * page (middleware/published-pages.ts), so a fresh isolate serves it without rendering at all.
 */
export async function prerenderDocPages(
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
 * One step of the sweep for the current renderer: the next `batchSize` pages in the tree's
 * order. Returns how many it rendered, 0 once every page has been (then it costs one KV read).
 */
export async function sweepDocPages(
  kv: KVNamespace,
  content: ContentSource,
  batchSize = sweepBatchSize,
  version = rendererVersion,
): Promise<number> {
  if (await kv.get(sweepDoneKey(version))) return 0;
  const ids = (await docsTreeOf(content)).ordered.map(({ page }) => page.id);
  const start = Number((await kv.get(sweepCursorKey(version))) ?? 0) || 0;
  const batch = ids.slice(start, start + batchSize);
  await prerenderDocPages(content, batch);
  const next = start + batch.length;
  if (next >= ids.length) {
    await kv.put(sweepDoneKey(version), new Date().toISOString());
    await kv.delete(sweepCursorKey(version));
  } else {
    await kv.put(sweepCursorKey(version), String(next), { expirationTtl: 86_400 });
  }
  return batch.length;
}
