import { generationMemoMs, memo } from "./generation-memo";
import { markTags, wholeCollectionTag } from "./tags.server";

/**
 * Content generations: one opaque value per collection, changed by every CMS webhook. Cached
 * content and cached pages carry the generations they were built from, so a change makes the
 * next request refetch instead of waiting for a TTL. One KV key per collection, so two
 * webhooks for different collections can never overwrite each other.
 */
const prefix = "gen:";

async function readGenerations(kv: KVNamespace, collections: readonly string[], now = Date.now()): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  const missing: string[] = [];
  for (const collection of collections) {
    const cached = memo.get(collection);
    if (cached && now - cached.readAt < generationMemoMs) result[collection] = cached.value;
    else missing.push(collection);
  }
  if (missing.length) {
    const values = await Promise.all(missing.map((collection) => readGeneration(kv, collection, now)));
    missing.forEach((collection, index) => {
      result[collection] = values[index]!;
    });
  }
  return result;
}

/** KV reads of a generation under way: a burst of requests in a fresh isolate shares one per key. */
const reading = new Map<string, Promise<string>>();

function readGeneration(kv: KVNamespace, collection: string, now: number): Promise<string> {
  let read = reading.get(collection);
  if (!read) {
    read = kv.get(prefix + collection).then((stored) => {
      const value = stored ?? "0";
      // A webhook's bump while this read was under way is newer: it stays.
      if ((memo.get(collection)?.readAt ?? now) <= now) memo.set(collection, { value, readAt: now });
      return value;
    });
    const forget = () => {
      if (reading.get(collection) === read) reading.delete(collection);
    };
    read.then(forget, forget);
    reading.set(collection, read);
  }
  return read;
}

/** The generation tag of something built from `collections`. */
export async function generationOf(kv: KVNamespace, collections: readonly string[]): Promise<string> {
  const generations = await readGenerations(kv, collections);
  return collections.map((collection) => generations[collection]).join(".");
}

/**
 * The generation tag from the isolate's copy alone, without waiting for KV; null when a part of
 * it is older than the copy's lifetime (the caller then takes the ordinary path, which reads KV).
 */
export function memoizedGeneration(collections: readonly string[], now = Date.now()): string | null {
  const parts: string[] = [];
  for (const collection of collections) {
    const cached = memo.get(collection);
    if (!cached || now - cached.readAt >= generationMemoMs) return null;
    parts.push(cached.value);
  }
  return parts.join(".");
}

/** Pseudo-collection that changes with every collection: the generation of whole pages. */
export const anyCollection = "*";

/**
 * Marks `collection` as changed in ways nobody said: every item, list and field of it (the tag
 * `all:<collection>`, tags.server.ts), then moves its generation on.
 */
export async function bumpGeneration(kv: KVNamespace, collection: string, now = Date.now()): Promise<string> {
  // Marked by the worker's clock, the one reads are stamped with (`now` may be a job's scheduled time).
  await markTags(kv, [wholeCollectionTag(collection)]);
  return moveGeneration(kv, collection, now);
}

/** Moves `collection`'s generation on (and the generation of all content), after the change's own tags were marked. */
export async function moveGeneration(kv: KVNamespace, collection: string, now = Date.now()): Promise<string> {
  return (await moveGenerations(kv, [collection], now))[0]!;
}

/**
 * Moves several collections' generations on together (a release's items), after all their tags
 * were marked. The isolate's copy takes them all at once, before any write is awaited, so no
 * read here sees one collection moved and another not (a page with a new price beside an old
 * product name); other isolates read KV, one key per collection, within its own consistency.
 */
export async function moveGenerations(kv: KVNamespace, collections: readonly string[], now = Date.now()): Promise<string[]> {
  const values = collections.map(() => `${now.toString(36)}${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)}`);
  for (const [index, collection] of collections.entries()) memo.set(collection, { value: values[index]!, readAt: now });
  memo.set(anyCollection, { value: values.at(-1)!, readAt: now });
  await Promise.all([
    ...collections.map((collection, index) => kv.put(prefix + collection, values[index]!)),
    kv.put(prefix + anyCollection, values.at(-1)!),
  ]);
  return values;
}

/** Tests only: forget the in-isolate copy. */
export function clearGenerationMemo(): void {
  memo.clear();
  reading.clear();
}
