import type { ContentSource } from "../routes/define";
import { isSearchKind } from "./documents";
import { buildIndex, loadIndex, search } from "./engine";
import type { SiteSearchOutcome } from "./operation";
import { collectSearchDocuments, currentSearchIndex } from "./site-index.server";

export interface SiteSearchContext {
  kv: KVNamespace;
  /** This request's content: published only, or drafts too in an editor preview. */
  content: ContentSource;
  preview: boolean;
  now: number;
}

/**
 * Answers SiteSearch from the stored index. An editor's preview searches drafts too: it builds
 * a throwaway index from the preview content (never stored; previews are rare and uncached).
 */
export async function resolveSiteSearch(
  variables: Record<string, unknown>,
  { kv, content, preview, now }: SiteSearchContext,
): Promise<{ siteSearch: SiteSearchOutcome }> {
  const index = preview
    ? loadIndex(buildIndex(await collectSearchDocuments(content), { builtAt: new Date(now) }))
    : await currentSearchIndex(kv, content, { now });
  const kind = isSearchKind(variables.kind) ? variables.kind : undefined;
  const limit = typeof variables.limit === "number" ? variables.limit : undefined;
  return { siteSearch: { ...search(index, variables.q, { kind, limit, now }), indexedAt: index.meta.builtAt } };
}
