import { Content } from "../../content/content.server";
import type { ContentSource } from "../../content/operation";
import { logLine } from "../../lib/log";
import type { ScheduledJob } from "../../router/feature.server";
import { generationOf } from "../../content/generations.server";
import { operationCollections } from "../../content/generated/operations";
import { ofSearchKind, type SearchDocument } from "./documents";
import { searchSources } from "../../content/extensions.server";
import { SearchIndexError } from "./engine";
import { updateShardedIndex, writeShardedIndex } from "./shard-build";
import { openShardedIndex, type PartReader, type ShardedIndex, type ShardedMeta } from "./shards";

/**
 * The site search index: built from all published content after a CMS change (the webhook)
 * and by the cron backstop, stored in KV split into parts (shards.ts: a base, term shards,
 * store chunks), each under `<index key>:<part>`. A small pointer names the current index, so
 * an isolate checks a few bytes to learn whether its copy is still current and never reads a
 * half-written index (the pointer moves after every part is written). An isolate loads the
 * base once and the other parts as queries need them.
 *
 * A change of a few documents updates the current index (shard-build.ts updateShardedIndex):
 * only the parts they touch are written, under new names next to the others
 * (`<index key>:t3.<tag>`, the tag being the revision and its time, so two updates at once
 * never share a name), with a new base (`<index key>:base.<tag>`); the pointer then names that
 * revision (`<index key>@<tag>`). A larger change, an index without one, or one older than
 * `updateForMs` is built anew. Two updates at once: the pointer names the last one written,
 * which may miss the other's change until a later update or build (as two full builds at once could).
 */

/** Collections whose changes rebuild the index: whatever the content types' search reads select (blocks, sections, …). */
function indexedCollections(): string[] {
  const collections = searchSources().flatMap((source) =>
    source.reads.flatMap((operation) => operationCollections[operation.name as keyof typeof operationCollections] ?? []),
  );
  return [...new Set<string>(collections)].sort();
}

export const isIndexedCollection = (collection: string): boolean => indexedCollections().includes(collection);

const pointerKey = "search:current";
const indexKeyPrefix = "search:index:";
/** How long an isolate trusts its copy before looking at the pointer again. */
const pointerTtlMs = 10_000;
/** Old indexes expire by themselves. */
const indexTtlSeconds = 7 * 86_400;
/** An index is updated in place for this long after its full build, well before its parts expire. */
const updateForMs = 2 * 86_400_000;

/** The pointer's index key and revision: `search:index:<built at>` or `…@<revision tag>`. */
function parsePointer(pointer: string): { key: string; baseKey: string } {
  const at = pointer.lastIndexOf("@");
  if (at < 0) return { key: pointer, baseKey: `${pointer}:base` };
  const key = pointer.slice(0, at);
  return { key, baseKey: `${key}:base.${pointer.slice(at + 1)}` };
}

/**
 * Every published item as search documents, one at a time, in the content types' order: each
 * type reads its own (in chunks where it has many), so the build never holds every text at once.
 */
async function* searchDocuments(content: ContentSource): AsyncGenerator<SearchDocument> {
  for (const source of searchSources()) {
    for await (const document of source.documents(content)) if (ofSearchKind(document)) yield document;
  }
}

/** Every published item as search documents, in one list (tests). */
export async function collectSearchDocuments(content: ContentSource): Promise<SearchDocument[]> {
  const documents: SearchDocument[] = [];
  for await (const document of searchDocuments(content)) documents.push(document);
  return documents;
}

/** The content generations the current index was built from (the cron compares them). */
const builtFromKey = "search:built-from";

/** KV writes at a time while storing an index's parts. */
const writeConcurrency = 32;

/** Reads parts of the index stored under `key`. */
const partReader =
  (kv: KVNamespace, key: string): PartReader =>
  (name) =>
    kv.get(`${key}:${name}`);

const putPart = (kv: KVNamespace, key: string) => (name: string, value: string) =>
  kv.put(`${key}:${name}`, value, { expirationTtl: indexTtlSeconds });

/** Builds the index from the content and makes it the current one (this isolate uses it at once). */
async function rebuildSearchIndex(kv: KVNamespace, content: ContentSource, now = new Date()): Promise<ShardedMeta> {
  // Read first: a change during the build leaves an older value, so the next cron run builds again.
  const builtFrom = await generationOf(kv, indexedCollections());
  const key = `${indexKeyPrefix}${now.toISOString()}`;
  // Parts are written as they are complete (shard-build.ts), 32 at a time.
  const built = await writeShardedIndex(searchDocuments(content), putPart(kv, key), {
    builtAt: now,
    concurrency: writeConcurrency,
  });
  // The base last: an index whose base can be read has all its parts.
  await kv.put(`${key}:base`, built.base, { expirationTtl: indexTtlSeconds });
  await kv.put(pointerKey, key);
  await kv.put(builtFromKey, builtFrom);
  const index = openShardedIndex(built.base, partReader(kv, key));
  loaded = { key, index };
  pointerCheckedAt = now.getTime();
  return index.meta;
}

/**
 * After a content change: updates the current index when few documents changed (only the parts
 * they touch are written), else builds it anew.
 */
async function refreshSearchIndex(kv: KVNamespace, content: ContentSource, now = new Date()): Promise<ShardedMeta> {
  const pointer = await kv.get(pointerKey);
  const current = pointer ? parsePointer(pointer) : null;
  const fullBuildAt = current ? Date.parse(current.key.slice(indexKeyPrefix.length)) : Number.NaN;
  if (!current || !(now.getTime() - fullBuildAt < updateForMs)) return rebuildSearchIndex(kv, content, now);
  const builtFrom = await generationOf(kv, indexedCollections());
  const base = await kv.get(current.baseKey);
  if (!base) return rebuildSearchIndex(kv, content, now);
  let update: Awaited<ReturnType<typeof updateShardedIndex>>;
  try {
    update = await updateShardedIndex(base, searchDocuments(content), {
      builtAt: now,
      read: partReader(kv, current.key),
      write: putPart(kv, current.key),
    });
  } catch (error) {
    if (!(error instanceof SearchIndexError)) throw error;
    console.warn(`search index ${pointer} cannot be updated (${error.message}): rebuilding`);
    update = null;
  }
  if (!update) return rebuildSearchIndex(kv, content, now);
  if (update.base) {
    await kv.put(`${current.key}:base.${update.tag}`, update.base, { expirationTtl: indexTtlSeconds });
    const next = `${current.key}@${update.tag}`;
    await kv.put(pointerKey, next);
    loaded = { key: next, index: openShardedIndex(update.base, partReader(kv, current.key)) };
    pointerCheckedAt = now.getTime();
  }
  await kv.put(builtFromKey, builtFrom);
  return update.meta;
}

let rebuilding: Promise<void> | null = null;
let rebuildAgain: Promise<void> | null = null;

/**
 * A rebuild after a webhook, coalesced: one save in the CMS sends a webhook per collection it
 * touched (a page with its blocks sends one per block type), and each rebuild reads all content.
 * While one runs, every further request shares one more build that starts when it ends, so the
 * index still ends up built from the latest content.
 */
export function requestSearchIndexRebuild(kv: KVNamespace, content: ContentSource): Promise<void> {
  const start = (): Promise<void> => {
    rebuilding = refreshSearchIndex(kv, content).then(
      () => {},
      (error) => console.error("search index rebuild failed:", error instanceof Error ? error.message : error),
    );
    return rebuilding.finally(() => {
      rebuilding = null;
    });
  };
  if (!rebuilding) return start();
  rebuildAgain ??= rebuilding.then(() => {
    rebuildAgain = null;
    return start();
  });
  return rebuildAgain;
}

/**
 * The cron backstop: rebuilds when an indexed collection changed since the last build (a missed
 * webhook, an item whose publish time came) or when there is no index yet.
 */
async function rebuildSearchIndexIfStale(kv: KVNamespace, content: ContentSource, now = new Date()): Promise<boolean> {
  const [current, builtFrom, pointer] = await Promise.all([
    generationOf(kv, indexedCollections()),
    kv.get(builtFromKey),
    kv.get(pointerKey),
  ]);
  if (pointer && current === builtFrom) return false;
  await refreshSearchIndex(kv, content, now);
  return true;
}

let loaded: { key: string; index: ShardedIndex } | null = null;
let pointerCheckedAt = 0;
let building: Promise<unknown> | null = null;

/** Tests: forget this isolate's copy. */
export function resetSearchIndexMemo(): void {
  loaded = null;
  pointerCheckedAt = 0;
  building = null;
}

/**
 * The current index, loaded once per isolate (re-checked against the pointer every few
 * seconds). When KV has none yet (a new deployment or namespace), the first request builds it
 * once for everyone; after that only the webhook and the cron do.
 */
export async function currentSearchIndex(
  kv: KVNamespace,
  content: ContentSource,
  { now = Date.now() }: { now?: number } = {},
): Promise<ShardedIndex> {
  if (loaded && now - pointerCheckedAt < pointerTtlMs) return loaded.index;
  const key = await kv.get(pointerKey);
  pointerCheckedAt = now;
  if (key && loaded?.key === key) return loaded.index;
  if (key) {
    // An index stored whole by an earlier version has no base: it is rebuilt below.
    const { key: partsKey, baseKey } = parsePointer(key);
    const base = await kv.get(baseKey);
    if (base) {
      try {
        loaded = { key, index: openShardedIndex(base, partReader(kv, partsKey)) };
        return loaded.index;
      } catch (error) {
        // An index of an older engine version or a damaged one: build a new one below.
        if (!(error instanceof SearchIndexError)) throw error;
        console.warn(`search index ${key} unusable (${error.reason}): rebuilding`);
      }
    }
  }
  building ??= rebuildSearchIndex(kv, content, new Date(now)).finally(() => {
    building = null;
  });
  await building;
  return loaded!.index;
}

/**
 * A part of the current index could not be read (expired with its index, or lost): builds a
 * new index, once for all the requests that noticed.
 */
export async function replaceUnreadableSearchIndex(
  kv: KVNamespace,
  content: ContentSource,
  { now = Date.now() } = {},
): Promise<ShardedIndex> {
  building ??= rebuildSearchIndex(kv, content, new Date(now)).finally(() => {
    building = null;
  });
  await building;
  return loaded!.index;
}

/**
 * An editor's preview: the published index with the preview's changed documents laid over it
 * (the same update as after a CMS change, its parts kept in this request's memory instead of
 * written), so drafts are found without building a whole index. Without a published index, or
 * when the preview differs from it in many documents, the preview's documents are built into
 * parts in memory by the same builder. Never stored.
 */
export async function previewSearchIndex(kv: KVNamespace, content: ContentSource, now = Date.now()): Promise<ShardedIndex> {
  const overlay = new Map<string, string>();
  const pointer = await kv.get(pointerKey);
  if (pointer) {
    const current = parsePointer(pointer);
    const base = await kv.get(current.baseKey);
    const published = partReader(kv, current.key);
    const read: PartReader = async (name) => overlay.get(name) ?? published(name);
    const update = base
      ? await updateShardedIndex(base, searchDocuments(content), {
          builtAt: new Date(now),
          // Nothing is written, and emptied positions are never compacted: an overlay takes more
          // changes than a stored update (drafts, unpublished items) before building in memory.
          maxChanges: 2_000,
          maxEmptyShare: 1,
          read,
          write: async (name, value) => {
            overlay.set(name, value);
          },
        }).catch((error: unknown) => {
          if (error instanceof SearchIndexError) return null;
          throw error;
        })
      : null;
    if (update && base) return openShardedIndex(update.base ?? base, read);
  }
  // The preview's documents read again (uncached): only when the overlay is not possible.
  const built = await writeShardedIndex(
    searchDocuments(content),
    async (name, value) => {
      overlay.set(name, value);
    },
    { builtAt: new Date(now) },
  );
  return openShardedIndex(built.base, async (name) => overlay.get(name) ?? null);
}

/** The cron's backstop: the index rebuilt when indexed content changed since its last build. */
export const rebuildSearchIndexJob: ScheduledJob = {
  name: "rebuild-search-index",
  async run(env, { scheduledTime, waitUntil, fetch }) {
    const content = new Content(env, waitUntil, false, fetch ? { fetch } : {});
    if (await rebuildSearchIndexIfStale(env.CONTENT_CACHE, content, new Date(scheduledTime))) {
      logLine("info", "search_index_rebuilt", { reason: "cron" });
    }
  },
};
