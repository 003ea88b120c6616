import { currentGeneration, generationKeyPrefix, memo, readGenerations, stopReadingGenerations } from "./generation-memo";
import { writeGenerationSteps } from "./generation-steps.server";
import { collectionOfTag, markTags, type Tag, wholeCollectionTag } from "./tags.server";

/**
 * Content generations: one opaque value per collection, changed by every CMS webhook. Cached
 * content and cached pages carry the generations they were built from, so a change makes the
 * next request refetch instead of waiting for a TTL. One KV key per collection, so two
 * webhooks for different collections can never overwrite each other.
 */

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
    const current = currentGeneration(collection, now);
    if (current === null) return null;
    parts.push(current);
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
  const tags = [wholeCollectionTag(collection)];
  await markTags(kv, tags);
  return moveGeneration(kv, collection, now, tags);
}

/** Moves `collection`'s generation on (and the generation of all content), after the change's own tags were marked. */
export async function moveGeneration(kv: KVNamespace, collection: string, now = Date.now(), marked?: readonly Tag[]): Promise<string> {
  return (await moveGenerations(kv, [collection], now, marked))[0]!;
}

/**
 * Moves several collections' generations on together (a release's items), after all their tags
 * were marked (`marked`: those tags, when the caller knows them all; other isolates then keep
 * the marks of every other tag they read). The isolate's copy takes them all at once, before any
 * write is awaited, so no read here sees one collection moved and another not (a page with a new
 * price beside an old product name); other isolates read KV, one key per collection, within its
 * own consistency.
 */
export async function moveGenerations(
  kv: KVNamespace,
  collections: readonly string[],
  now = Date.now(),
  marked?: readonly Tag[],
): Promise<string[]> {
  const values = collections.map(() => `${now.toString(36)}${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)}`);
  if (marked) {
    // What moved, for the isolates that hold marks read at the generation before (generation-steps.server.ts).
    const before = await readGenerations(kv, collections, now);
    await writeGenerationSteps(
      kv,
      collections.map((collection, index) => ({
        collection,
        from: before[collection]!,
        to: values[index]!,
        tags: marked.filter((tag) => collectionOfTag(tag) === collection),
      })),
    );
  }
  for (const [index, collection] of collections.entries()) memo.set(collection, { value: values[index]!, readAt: now });
  memo.set(anyCollection, { value: values.at(-1)!, readAt: now });
  await Promise.all([
    ...collections.map((collection, index) => kv.put(generationKeyPrefix + collection, values[index]!)),
    kv.put(generationKeyPrefix + anyCollection, values.at(-1)!),
  ]);
  return values;
}

/** Tests only: forget the in-isolate copy. */
export function clearGenerationMemo(): void {
  memo.clear();
  stopReadingGenerations();
}
