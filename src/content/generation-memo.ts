/**
 * The isolate's copy of each collection's generation, so a page view does not read KV for every
 * query, and its reads. generations.server.ts moves generations; tags.server.ts asks whether a
 * collection moved since a mark of it was read (a mark is always written before its collection moves).
 */
export const memo = new Map<string, { value: string; readAt: number }>();
const generationMemoMs = 1000;
/** KV key prefix of a collection's generation. */
export const generationKeyPrefix = "gen:";

/** A collection's generation as this isolate's copy has it while that copy is current, else null. */
export function currentGeneration(collection: string, now = Date.now()): string | null {
  const cached = memo.get(collection);
  return cached && now - cached.readAt < generationMemoMs ? cached.value : null;
}

/** Each collection's generation, from the isolate's copy while it is current, else KV. */
export async function readGenerations(kv: KVNamespace, collections: readonly string[], now = Date.now()): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  const missing: string[] = [];
  for (const collection of collections) {
    const current = currentGeneration(collection, now);
    if (current !== null) result[collection] = current;
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
    read = kv.get(generationKeyPrefix + collection).then((stored) => {
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

/** Tests only: forget the reads under way. */
export function stopReadingGenerations(): void {
  reading.clear();
}
