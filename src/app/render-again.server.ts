import type { Content } from "../content/content.server";
import { previewPathOf } from "../content/extensions.server";
import type { ItemChange, Tag } from "../content/tags.server";
import type { RenderPage } from "../env";
import { backgroundLane } from "../lib/background-lane";
import { stalePagesRemembered } from "../middleware/page-cache";
import { publishingRequest } from "../middleware/published-pages";

/** Pages rendered again at once after one change, at most (the others when next asked for). */
const maxPagesRenderedPerChange = 50;

/**
 * Renders again, one after the other in the isolate's background lane (lib/background-lane.ts),
 * the pages a change made stale that are known here: the changed items' own pages (when
 * `content` can read where they are), and the pages this isolate holds that show what changed. Each replaces the stale page in the page cache; the paths
 * rendered are returned. Pages elsewhere are rendered again at their next request, which is
 * answered with the stale page meanwhile (page-cache.ts).
 */
export async function renderChangedPages({
  siteUrl,
  change,
  tags,
  kv,
  content,
  renderPage,
  renderedAlready,
}: {
  siteUrl: string;
  change: ItemChange;
  tags: readonly Tag[];
  kv: KVNamespace;
  content?: Content;
  renderPage: RenderPage;
  /** Paths rendered for an earlier change of the same call (a release's): not rendered twice. */
  renderedAlready?: Set<string>;
}): Promise<string[]> {
  const paths = new Set<string>();
  const itemPath = previewPathOf(change.collection);
  if (content && itemPath && change.event !== "delete") {
    for (const key of change.keys.slice(0, maxPagesRenderedPerChange)) {
      const path = await itemPath(content, key).catch(() => null);
      if (path) paths.add(path);
    }
  }
  for (const path of await stalePagesRemembered(kv, new Set(tags), maxPagesRenderedPerChange)) paths.add(path);
  const rendered: string[] = [];
  for (const path of [...paths].filter((path) => !renderedAlready?.has(path)).slice(0, maxPagesRenderedPerChange)) {
    renderedAlready?.add(path);
    try {
      const ok = await backgroundLane.run(async () => {
        const response = await renderPage(publishingRequest(new URL(path, siteUrl)));
        await response.body?.cancel();
        return response.ok;
      });
      if (ok) rendered.push(path);
    } catch (error) {
      console.warn(`rendering ${path} again failed:`, error instanceof Error ? error.message : error);
    }
  }
  return rendered;
}
