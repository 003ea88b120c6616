import { Content } from "../../content/content.server";
import type { ContentSource } from "../../content/operation";
import { logLine } from "../../lib/log";
import type { ScheduledJob } from "../../router/feature.server";
import { generationOf } from "../../content/generations.server";
import { operationCollections } from "../../content/generated/operations";
import { ofSearchKind, type SearchDocument } from "./documents";
import { type CollectionSearchSource, searchSources } from "../../content/extensions.server";
import { SearchIndexError } from "./engine";
import { updateShardedIndex, writeShardedIndex } from "./shard-build";
import { openShardedIndex, type PartReader, type ShardedIndex, type ShardedMeta } from "./shards";
import { backgroundLane } from "../../lib/background-lane";

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
 * `updateForMs` is built anew. A webhook that names its items reads only those items' documents
 * (their content type's `itemDocuments`) and replaces theirs; a change without keys, of a
 * collection whose items other types' documents show, and the cron compare every document. Two updates at once: the pointer names the last one written,
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

/**
 * The source that gives the documents of this collection's items by id, when no other source's
 * reads show that collection (its items change only their own type's documents); else none.
 */
function itemSource(collection: string): CollectionSearchSource | undefined {
  const readers = searchSources().filter((source) =>
    source.reads.some((operation) =>
      (operationCollections[operation.name as keyof typeof operationCollections] ?? []).includes(collection),
    ),
  );
  const [own] = readers;
  return readers.length === 1 && own?.collection === collection && own.itemDocuments ? own : undefined;
}

/** A document's item as the directory names it: `<collection>:<id>`, ids being per collection. */
const itemKey = (collection: string, id: string): string => `${collection}:${id}`;

const withItemKey = (source: CollectionSearchSource, document: SearchDocument): SearchDocument =>
  document.item === undefined ? document : { ...document, item: itemKey(source.collection, document.item) };

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
    for await (const document of source.documents(content)) if (ofSearchKind(document)) yield withItemKey(source, document);
  }
}

/** Items to update, by collection: ids of items whose collection has an item source. */
type ChangedItems = ReadonlyMap<string, ReadonlySet<string>>;

/** The documents of these items, as they are now (an item gone or unpublished gives none). */
async function* changedItemDocuments(content: ContentSource, items: ChangedItems): AsyncGenerator<SearchDocument> {
  for (const [collection, ids] of items) {
    const source = itemSource(collection);
    if (!source?.itemDocuments) continue;
    for await (const document of source.itemDocuments(content, [...ids])) if (ofSearchKind(document)) yield withItemKey(source, document);
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
 * they touch are written), else builds it anew. With `items`, only those items' documents are
 * read and compared (a change that said which items it touched); without, every document.
 */
async function refreshSearchIndex(kv: KVNamespace, content: ContentSource, now = new Date(), items?: ChangedItems): Promise<ShardedMeta> {
  const pointer = await kv.get(pointerKey);
  const current = pointer ? parsePointer(pointer) : null;
  const fullBuildAt = current ? Date.parse(current.key.slice(indexKeyPrefix.length)) : Number.NaN;
  if (!current || !(now.getTime() - fullBuildAt < updateForMs)) return rebuildSearchIndex(kv, content, now);
  const builtFrom = await generationOf(kv, indexedCollections());
  const base = await kv.get(current.baseKey);
  if (!base) return rebuildSearchIndex(kv, content, now);
  let update: Awaited<ReturnType<typeof updateShardedIndex>>;
  try {
    update = await updateShardedIndex(base, items ? changedItemDocuments(content, items) : searchDocuments(content), {
      builtAt: now,
      read: partReader(kv, current.key),
      write: putPart(kv, current.key),
      items: items && new Set([...items].flatMap(([collection, ids]) => [...ids].map((id) => itemKey(collection, id)))),
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
  // Only a comparison of every document may say the index holds all content of these
  // generations: a scheduled publication moves them without a webhook, and the cron's
  // comparison then finds it.
  if (!items) await kv.put(builtFromKey, builtFrom);
  return update.meta;
}

let rebuilding: Promise<void> | null = null;
let rebuildAgain: Promise<void> | null = null;
/** What the next update covers: the items changes named, or every document (null). */
let pending: Map<string, Set<string>> | null | undefined;

/** A change as the search takes it: items of a collection, or anything (null: a comparison of every document). */
type SearchChange = { collection: string; keys: readonly string[] } | null;

/** The change as far as items can describe it: none when it has no keys or no source gives its items' documents. */
function describedItems(change: SearchChange): Map<string, Set<string>> | null {
  if (!change?.keys.length || !itemSource(change.collection)) return null;
  return new Map([[change.collection, new Set(change.keys)]]);
}

/** Two waiting changes as one: their items together, or every document when either needs that. */
function mergeChanges(
  waiting: Map<string, Set<string>> | null | undefined,
  next: Map<string, Set<string>> | null,
): Map<string, Set<string>> | null {
  if (waiting === undefined) return next;
  if (!waiting || !next) return null;
  for (const [collection, ids] of next) waiting.set(collection, new Set([...(waiting.get(collection) ?? []), ...ids]));
  return waiting;
}

/**
 * An update after a webhook, coalesced: one save in the CMS sends a webhook per collection it
 * touched (a page with its blocks sends one per block type). A change that names its items of
 * a collection whose items give their own documents reads and compares only those items'
 * documents; any other compares every document. While one update runs, further changes are
 * gathered into one more that starts when it ends, so the index still ends up current.
 */
export function requestSearchIndexUpdate(kv: KVNamespace, content: ContentSource, change: SearchChange): Promise<void> {
  pending = mergeChanges(pending, describedItems(change));
  const start = (): Promise<void> => {
    const items = pending ?? undefined;
    pending = undefined;
    rebuilding = backgroundLane
      .run(() => refreshSearchIndex(kv, content, new Date(), items))
      .then(
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
