/**
 * What each move of a collection's generation marked: `{from, tags}` under the new generation,
 * written before the generation itself. An isolate that read a tag's mark at an older generation
 * then knows, with one KV read per move instead of one per tag, that the mark it has is still the
 * current one (tags.server.ts). A step it cannot find (expired, not yet visible, written by an
 * older version) only means the marks are read again.
 */
const stepPrefix = "gen-step:";
/** How long a step is kept: an isolate that knew a generation older than this reads its marks again. */
const stepTtlSeconds = 3600;
/** Steps walked back at most from the current generation to the one a mark was read at. */
const maxSteps = 30;
/** Steps this isolate keeps (they never change once written). */
const maxStepsKept = 2000;

type Step = { from: string; tags: ReadonlySet<string> };

/**
 * The steps read, as values: a read under way is not shared with other requests (workerd refuses
 * one request the streams of another's KV read, and that request fails), so two requests at once
 * may each read a step once.
 */
const steps = new Map<string, Step | null>();

const stepKey = (collection: string, generation: string) => `${stepPrefix}${collection}:${generation}`;

/** Writes the step of each moved collection: the generation it moved from and the tags marked in it. */
export async function writeGenerationSteps(
  kv: KVNamespace,
  moves: readonly { collection: string; from: string; to: string; tags: readonly string[] }[],
): Promise<void> {
  await Promise.all(
    moves.map(({ collection, from, to, tags }) =>
      kv.put(stepKey(collection, to), JSON.stringify({ from, tags }), { expirationTtl: stepTtlSeconds }),
    ),
  );
}

async function readStep(kv: KVNamespace, collection: string, generation: string): Promise<Step | null> {
  const key = stepKey(collection, generation);
  const known = steps.get(key);
  if (known) return known;
  let step: Step | null = null;
  try {
    const text = await kv.get(key);
    const parsed = text ? (JSON.parse(text) as { from?: unknown; tags?: unknown }) : null;
    if (parsed && typeof parsed.from === "string" && Array.isArray(parsed.tags)) {
      step = { from: parsed.from, tags: new Set(parsed.tags.map(String)) };
    }
  } catch {
    step = null;
  }
  // A step not found yet may be written or become visible later: only a found one is kept.
  if (step) {
    steps.set(key, step);
    if (steps.size > maxStepsKept) steps.delete(steps.keys().next().value!);
  }
  return step;
}

/**
 * The tags of `collection` marked between generation `from` and `to`, or null when the steps
 * between them are not all known (the caller then reads the marks again).
 */
export async function tagsMarkedBetween(
  kv: KVNamespace,
  collection: string,
  from: string,
  to: string,
): Promise<ReadonlySet<string> | null> {
  const marked = new Set<string>();
  let generation = to;
  for (let count = 0; count < maxSteps && generation !== from; count += 1) {
    const step = await readStep(kv, collection, generation);
    if (!step) return null;
    for (const tag of step.tags) marked.add(tag);
    generation = step.from;
  }
  return generation === from ? marked : null;
}

/** Tests only: forget the steps read. */
export function clearGenerationSteps(): void {
  steps.clear();
}
