// An API version's name as the CMS accepts it (`v1`, `v2` …).
import { apiVersionPattern as apiVersionName } from "../../../cms/extensions/api-reference/process.mjs";
import type { ContentSource } from "../../content/operation";
import { isSearchKind } from "./documents";
import { SearchIndexError, type QueryOptions } from "./engine";
import type { SiteSearchOutcome } from "./operation";
import { searchSharded } from "./shards";
import { currentSearchIndex, previewSearchIndex, replaceUnreadableSearchIndex } from "./site-index.server";

export interface SiteSearchContext {
  kv: KVNamespace;
  /** This request's content: published only, or drafts too in an editor preview. */
  content: ContentSource;
  preview: boolean;
  now: number;
}

/**
 * Answers SiteSearch from the stored index (split into parts read as the query needs them). An
 * editor's preview searches drafts too: the published index with the preview's changed
 * documents laid over it in memory (never stored; previews are rare and uncached).
 */
export async function resolveSiteSearch(
  variables: Record<string, unknown>,
  { kv, content, preview, now }: SiteSearchContext,
): Promise<{ siteSearch: SiteSearchOutcome }> {
  const kind = isSearchKind(variables.kind) ? variables.kind : undefined;
  const limit = typeof variables.limit === "number" ? variables.limit : undefined;
  const version = typeof variables.version === "string" && apiVersionName.test(variables.version) ? variables.version : undefined;
  const options: QueryOptions = { kind, limit, version, now };
  if (preview) {
    const index = await previewSearchIndex(kv, content, now);
    return { siteSearch: { ...(await searchSharded(index, variables.q, options)), indexedAt: index.meta.builtAt } };
  }
  let index = await currentSearchIndex(kv, content, { now });
  try {
    return { siteSearch: { ...(await searchSharded(index, variables.q, options)), indexedAt: index.meta.builtAt } };
  } catch (error) {
    if (!(error instanceof SearchIndexError)) throw error;
    console.warn(`search index ${index.meta.builtAt} unreadable (${error.message}): rebuilding`);
    index = await replaceUnreadableSearchIndex(kv, content, { now });
    return { siteSearch: { ...(await searchSharded(index, variables.q, options)), indexedAt: index.meta.builtAt } };
  }
}
