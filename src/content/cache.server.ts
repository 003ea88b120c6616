import { unchangedSince, type Shown } from "./tags.server";

/**
 * Cache of public content reads: an in-isolate memory layer in front of Workers KV.
 * - fresh (younger than `freshMs`, same generation): served from memory or KV;
 * - stale (older, same generation): served at once while one background refresh runs
 *   (stale-while-revalidate, through `waitUntil`), unless the reader says age is no reason to
 *   read again (`refreshByAge: false`);
 * - generation changed or nothing cached: fetched now; if that fails and a value younger than
 *   `staleIfErrorMs` exists, that value is served instead (stale-if-error).
 * Concurrent misses of one key in an isolate share one upstream request. KV limits are kept:
 * at most one write per key per second from an isolate, and no value over 25 MiB.
 */
export interface CachePolicy {
  freshMs: number;
  staleIfErrorMs: number;
}

const defaultCachePolicy: CachePolicy = { freshMs: 60_000, staleIfErrorMs: 86_400_000 };

interface CacheEntry<T = unknown> {
  value: T;
  storedAt: number;
  generation: string;
  /** What the value shows (tags.server.ts), and when the read that fetched it began. */
  shown?: Shown;
  builtAt?: number;
}

export type CacheSource = "memory" | "kv" | "upstream" | "stale" | "stale-if-error";

export interface CacheResult<T> {
  value: T;
  source: CacheSource;
  /** What the value served shows (none when the reader gave no `shownBy`, or it was cached before). */
  shown?: Shown;
}

const kvMaxValueBytes = 25 * 1024 * 1024;
const kvMinWriteIntervalMs = 1000;
const memoryCapacity = 256;

/** Per-isolate state: shared by every request this isolate serves. */
class IsolateState {
  readonly memory = new Map<string, CacheEntry>();
  readonly inflight = new Map<string, Promise<CacheEntry>>();
  readonly lastWrite = new Map<string, number>();

  remember(key: string, entry: CacheEntry): void {
    this.memory.delete(key); // re-insert: Map order doubles as least-recently-used order
    this.memory.set(key, entry);
    if (this.memory.size > memoryCapacity) this.memory.delete(this.memory.keys().next().value!);
  }
}

const isolate = new IsolateState();

/** Tests only: forget everything this isolate holds. */
export function resetIsolateCache(): void {
  isolate.memory.clear();
  isolate.inflight.clear();
  isolate.lastWrite.clear();
}

export interface CacheContext {
  kv: KVNamespace;
  waitUntil: (promise: Promise<unknown>) => void;
  policy?: CachePolicy;
  now?: () => number;
  /** false: a bulk read, not kept in the isolate's memory (read from KV each time). */
  memory?: boolean;
  /**
   * What the value just fetched shows (called after `fetcher`). With it, an entry of an older generation is still served when
   * none of its tags was marked since it was fetched: a save of one post leaves the other posts' reads valid.
   */
  shownBy?: () => Shown;
  /**
   * false: an entry older than `freshMs` is served as it is, with no background refresh. For a
   * page rendered again because something it shows was marked: the marks say what changed, so
   * the reads they left valid need no new copy (a post's save would otherwise re-read every post
   * page showing it as related). Age stays the backstop for a change the CMS never reported,
   * at the next visitor's render.
   */
  refreshByAge?: boolean;
}

export async function cachedRead<T>(
  key: string,
  generation: string,
  fetcher: () => Promise<T>,
  { kv, waitUntil, policy = defaultCachePolicy, now = Date.now, memory = true, shownBy, refreshByAge = true }: CacheContext,
): Promise<CacheResult<T>> {
  let source: CacheSource = "memory";
  let entry = memory ? (isolate.memory.get(key) as CacheEntry<T> | undefined) : undefined;
  if (!entry || entry.generation !== generation || (refreshByAge && now() - entry.storedAt >= policy.freshMs)) {
    // Memory has nothing usable: KV may hold a fresher copy written by another isolate.
    const stored = await kv.get<CacheEntry<T>>(key, "json").catch(() => null);
    if (stored && (!entry || stored.storedAt > entry.storedAt)) {
      entry = stored;
      if (memory) isolate.remember(key, stored);
    }
    source = "kv";
  }
  if (entry && entry.generation !== generation && (await stillValid(entry, kv, now))) {
    // Its collections changed, but not what it shows: valid under the new generation too. The
    // generation was read before the tags, so a change between the two is seen at the next read.
    entry = { ...entry, generation };
    if (memory) isolate.remember(key, entry);
  }
  const fetch = () => refreshOnce(key, generation, fetcher, kv, policy, now, memory, shownBy);

  if (entry && entry.generation === generation) {
    const shown = entry.shown;
    if (!refreshByAge || now() - entry.storedAt < policy.freshMs) return { value: entry.value, source, shown };
    const refresh = fetch().catch((error) => {
      console.warn(`background refresh of ${key} failed:`, error);
    });
    waitUntil(refresh);
    return { value: entry.value, source: "stale", shown };
  }

  try {
    const fetched = await fetch();
    return { value: fetched.value as T, source: "upstream", shown: fetched.shown };
  } catch (error) {
    if (entry && now() - entry.storedAt < policy.staleIfErrorMs) {
      console.warn(`serving stale ${key} after upstream error:`, error);
      return { value: entry.value, source: "stale-if-error", shown: entry.shown };
    }
    throw error;
  }
}

/** Whether an entry of another generation shows nothing marked since its read began. */
async function stillValid(entry: CacheEntry, kv: KVNamespace, now: () => number): Promise<boolean> {
  if (!entry.shown || entry.builtAt === undefined) return false;
  return unchangedSince(kv, entry.shown, entry.builtAt, now()).catch(() => false);
}

function refreshOnce<T>(
  key: string,
  generation: string,
  fetcher: () => Promise<T>,
  kv: KVNamespace,
  policy: CachePolicy,
  now: () => number,
  memory: boolean,
  shownBy?: () => Shown,
): Promise<CacheEntry> {
  const flightKey = `${key}#${generation}`;
  const pending = isolate.inflight.get(flightKey);
  if (pending) return pending;
  const promise = (async () => {
    try {
      const builtAt = now();
      const value = await fetcher();
      const entry: CacheEntry = { value, storedAt: now(), generation };
      if (shownBy) Object.assign(entry, { shown: shownBy(), builtAt });
      if (memory) isolate.remember(key, entry);
      await writeToKv(key, entry, kv, policy, now);
      return entry;
    } finally {
      isolate.inflight.delete(flightKey);
    }
  })();
  isolate.inflight.set(flightKey, promise);
  return promise;
}

async function writeToKv(key: string, entry: CacheEntry, kv: KVNamespace, policy: CachePolicy, now: () => number) {
  const last = isolate.lastWrite.get(key) ?? 0;
  if (now() - last < kvMinWriteIntervalMs) return;
  const json = JSON.stringify(entry);
  if (json.length * 3 > kvMaxValueBytes && new TextEncoder().encode(json).length > kvMaxValueBytes) {
    console.warn(`not caching ${key}: value over 25 MiB`);
    return;
  }
  isolate.lastWrite.set(key, now());
  try {
    // Kept as long as it may serve stale-if-error; KV's minimum TTL is 60 s.
    await kv.put(key, json, { expirationTtl: Math.max(60, Math.ceil(policy.staleIfErrorMs / 1000)) });
  } catch (error) {
    // A 429 (another isolate wrote the key this second) only loses a duplicate write.
    console.warn(`KV write of ${key} failed:`, error);
  }
}
