/**
 * The isolate's copy of each collection's generation, so a page view does not read KV for every
 * query. generations.server.ts reads and writes it; tags.server.ts asks it whether a collection
 * moved since a mark of it was read (a mark is always written before its collection moves).
 */
export const memo = new Map<string, { value: string; readAt: number }>();
export const generationMemoMs = 1000;

/** A collection's generation as this isolate's copy has it while that copy is current, else null. */
export function currentGeneration(collection: string, now = Date.now()): string | null {
  const cached = memo.get(collection);
  return cached && now - cached.readAt < generationMemoMs ? cached.value : null;
}
