import type { Context, MiddlewareHandler } from "hono";
import { anyCollection, memoizedGeneration } from "../content/generations.server";
import { type CheckedAt, unchangedSince, type Shown } from "../content/tags.server";
import type { AppEnv, Bindings } from "../env";
import { prefersMarkdown } from "../lib/accept";
import { type ConsentState, consentFromCookies } from "../lib/consent";
import { pageIdentity } from "../lib/tracking";
import { buildId } from "../render/asset-tags";
import { publicHtmlCacheControl } from "../render/cache-policy";
import { previewCookieName } from "./preview";
import { isPublishingRequest, publishedKey, publishingRequest, readPublishedPage, storePublishedPage } from "./published-pages";
import { countMemoryHit } from "./request-log";
import { createNonce, publicPageSecurityHeaders } from "./security-headers";
import { backgroundLane } from "../lib/background-lane";

/**
 * Request facts besides the URL that change the HTML of a page: "" for the page every visitor
 * gets (the cookie choice changes nothing in it: src/render/consent-state.ts), else the
 * experiments' variants this visitor sees.
 */
export type PageVariant = (c: Context<AppEnv>) => string;

/** The page variant of a request answered before the app, and whether a shared cache may keep that answer. */
export interface MemoryVariant {
  key: string;
  shared: boolean;
}

/**
 * How long a rendered page is fresh (`PAGE_FRESH_SECONDS`, 5 minutes unless set); a change to what
 * it shows makes it stale sooner (tags.server.ts).
 */
function freshSeconds(env: Bindings): number {
  const seconds = Number(env.PAGE_FRESH_SECONDS);
  return Number.isInteger(seconds) && seconds >= 60 && seconds <= 86_400 ? seconds : 300;
}
/**
 * How long past that the Cache API keeps it: a visitor then gets it once more while it is
 * rendered again (as after a change), rather than waiting for the render. A page nobody asked for
 * in that long is rendered for the one who does.
 */
const pageStaleForSeconds = 3600;
const pageCacheHeader = "X-Page-Cache";
/**
 * Cache-Control of an answer no shared cache may keep: a page that is not the same for every
 * visitor (one an experiment stands on, decision 028), or one that sets or clears a cookie.
 */
export const privatePageCacheControl = "private, max-age=0";

/**
 * A rendered page as kept in the isolate's memory: its bytes cut where the nonce stood (one
 * part when its policy trusts by hash: security-headers.ts, `hashedPagePolicy`).
 */
interface StoredPage {
  parts: Uint8Array[];
  byteLength: number;
  headers: [string, string][];
  expires: number;
  /** The page carries its own Content-Security-Policy, the same for every request: no nonce to splice. */
  ownPolicy: boolean;
  /** The page says `Vary: Accept`: its address answers Markdown to a request that prefers it, so such a request never gets it from here. */
  variesByAccept: boolean;
  /** `headers` as a hit answers them (built at its first hit). */
  hitHeaders?: [string, string][];
  /** `hitHeaders` with the security headers, for a page with its own policy (built at its first hit before the app). */
  answerHeaders?: [string, string][];
  /** What it shows (null: unknown, stale after any change) and when its render began. */
  shown: Shown | null;
  builtAt: number;
  /** The content generation it is known valid at: the same generation needs no look at its tags. */
  generation: string;
  /** Per collection, the generation its tags were last found unchanged at (tags.server.ts). */
  checked?: CheckedAt;
  /** Its facts as the Cache API's copy holds them (`X-Page-Facts`), when known. */
  factsText?: string;
}

/** What a stored page records of its content, besides its bytes. */
interface PageFacts {
  shown: Shown | null;
  builtAt: number;
  generation: string;
  checked?: CheckedAt;
  factsText?: string;
}

/** Header of a stored page naming the nonce it was rendered with. */
const renderedNonceHeader = "X-Rendered-Nonce";
const encoder = new TextEncoder();

/** `bytes` split at every occurrence of `marker`. */
export function splitBytes(bytes: Uint8Array, marker: Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let start = 0;
  let at = bytes.indexOf(marker[0]!, start);
  while (at !== -1 && at + marker.length <= bytes.length) {
    let match = true;
    for (let i = 1; i < marker.length; i += 1) {
      if (bytes[at + i] !== marker[i]) {
        match = false;
        break;
      }
    }
    if (match) {
      parts.push(bytes.subarray(start, at));
      start = at + marker.length;
      at = bytes.indexOf(marker[0]!, start);
    } else {
      at = bytes.indexOf(marker[0]!, at + 1);
    }
  }
  parts.push(bytes.subarray(start));
  return parts;
}

/**
 * Header of a page in the Cache API: the byte offsets where its nonce stands, so that a hit cuts
 * the page there instead of scanning its bytes (a scan was a sixth of the worker's CPU when most
 * hits came from the Cache API); empty for a page without one.
 */
const nonceOffsetsHeader = "X-Nonce-Offsets";

/** The offsets of the marker between the parts, as the header holds them. */
const nonceOffsetsOf = (parts: readonly Uint8Array[], marker: Uint8Array): string => {
  const offsets: number[] = [];
  let at = 0;
  for (const part of parts.slice(0, -1)) {
    at += part.length;
    offsets.push(at);
    at += marker.length;
  }
  return offsets.join(",");
};

/** `bytes` cut at the given offsets of `marker`, or null when the marker is not at each of them. */
export function splitAtOffsets(bytes: Uint8Array, marker: Uint8Array, offsets: string): Uint8Array[] | null {
  const parts: Uint8Array[] = [];
  let start = 0;
  for (const text of offsets ? offsets.split(",") : []) {
    const at = Number(text);
    if (!Number.isSafeInteger(at) || at < start || at + marker.length > bytes.length) return null;
    for (let i = 0; i < marker.length; i += 1) if (bytes[at + i] !== marker[i]) return null;
    parts.push(bytes.subarray(start, at));
    start = at + marker.length;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

/**
 * The parts with `marker` between them, as a Blob of the pieces: no joined copy of the page is
 * made (one allocation and copy fewer per hit; measured 0.22–0.27 ms of CPU per hit against
 * 0.24–0.28 ms joining first, close to the noise).
 */
export function joinBytes(parts: Uint8Array[], marker: Uint8Array): Blob {
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(marker as Uint8Array<ArrayBuffer>);
    pieces.push(part as Uint8Array<ArrayBuffer>);
  });
  return new Blob(pieces);
}

function storedPage(
  body: ArrayBuffer | Uint8Array,
  nonce: string,
  headers: Headers,
  ttlSeconds: number,
  facts: PageFacts,
  nonceOffsets?: string | null,
): StoredPage {
  const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
  const kept = [...headers].filter(([name]) => {
    const lower = name.toLowerCase();
    return lower !== renderedNonceHeader.toLowerCase() && lower !== nonceOffsetsHeader.toLowerCase();
  });
  const ownPolicy = kept.some(([name]) => name.toLowerCase() === "content-security-policy");
  // A page with its own policy (of hashes) was rendered without the request's nonce: its bytes
  // are one part, and a scan for the nonce would only cost a pass over them. A view of its own:
  // the storing request hands `bytes` to its responses, and workerd refuses a later request the
  // use of a body source that another request's response holds.
  const marker = encoder.encode(nonce);
  const parts = ownPolicy
    ? [bytes.subarray(0)]
    : (nonceOffsets != null && splitAtOffsets(bytes, marker, nonceOffsets)) || splitBytes(bytes, marker);
  const byteLength = parts.reduce((sum, part) => sum + part.length, 0);
  const variesByAccept = kept.some(
    ([name, value]) =>
      name.toLowerCase() === "vary" &&
      value
        .toLowerCase()
        .split(",")
        .some((field) => field.trim() === "accept"),
  );
  const headersKept = kept.filter(([name]) => name.toLowerCase() !== pageFactsHeader.toLowerCase());
  return { parts, byteLength, headers: headersKept, expires: Date.now() + ttlSeconds * 1000, ownPolicy, variesByAccept, ...facts };
}

/** Header of a page in the Cache API holding its `PageFacts`. */
const pageFactsHeader = "X-Page-Facts";

/**
 * Whether a kept page may be answered: "fresh" when nothing changed since it was rendered, or the
 * changes touched nothing it shows (then it is known valid at this generation); "stale" otherwise.
 */
async function freshness(page: StoredPage, generation: string, kv: KVNamespace, keyUrl?: string): Promise<"fresh" | "stale"> {
  if (page.expires <= Date.now()) return "stale";
  if (page.generation === generation) return "fresh";
  page.checked ??= new Map();
  if (page.shown && (await unchangedSince(kv, page.shown, page.builtAt, Date.now(), page.checked).catch(() => false))) {
    page.generation = generation;
    if (keyUrl) rememberValidLater(keyUrl, page, generation);
    return "fresh";
  }
  return "stale";
}

/**
 * Pages of the Cache API found valid at a generation after the one they were kept with, by cache
 * key: the kept copy cannot be stamped without writing it again, so without this every hit of it
 * after a change would check its tags again. With them, what they show as read from their facts
 * (a list page names hundreds of items): a hit of the same copy takes it as it is instead of
 * reading the facts again, and a check finds its tags grouped already. Bounded; least recently
 * found first out.
 */
const validLater = new Map<
  string,
  { builtAt: number; generation: string; checked: CheckedAt; shown: Shown | null; factsText: string | undefined }
>();
const validLaterMax = 4096;
/**
 * About what the remembered facts hold in memory: their text and, read from it, what they show
 * (about twice the text). A list page's facts are up to 16 kB of text.
 */
const validLaterMaxBytes = 16 * 1024 * 1024;
let validLaterBytes = 0;
const factsBytes = (entry: { factsText: string | undefined } | undefined) => (entry?.factsText?.length ?? 0) * 3;
function forgetValidLater(keyUrl: string): void {
  validLaterBytes -= factsBytes(validLater.get(keyUrl));
  validLater.delete(keyUrl);
}
function rememberValidLater(keyUrl: string, page: StoredPage, generation: string): void {
  forgetValidLater(keyUrl);
  const entry = { builtAt: page.builtAt, generation, checked: page.checked ?? new Map(), shown: page.shown, factsText: page.factsText };
  validLater.set(keyUrl, entry);
  validLaterBytes += factsBytes(entry);
  for (const [oldest, kept] of validLater) {
    if (validLater.size <= validLaterMax && validLaterBytes <= validLaterMaxBytes) break;
    validLaterBytes -= factsBytes(kept);
    validLater.delete(oldest);
  }
}

/** Pages this isolate is rendering again after a change (by cache key). */
const refreshing = new Set<string>();

/**
 * Renders a stale page again after the answer (a publishing render: the page cache then keeps the
 * new page in memory, the Cache API and KV), once per page at a time, in the isolate's background
 * lane (lib/background-lane.ts). False when this request cannot (no renderer, a variant of an
 * experiment: those render now).
 */
function refreshInBackground(c: Context<AppEnv>, keyUrl: string, variant: string): boolean {
  const renderPage = c.get("renderPage");
  if (variant !== "" || !renderPage) return false;
  if (refreshing.has(keyUrl)) return true;
  refreshing.add(keyUrl);
  const work = backgroundLane
    .run(() => renderPage(publishingRequest(c.req.url)).then((response) => response.body?.cancel()))
    .catch((error) => console.warn("page refresh failed:", error instanceof Error ? error.message : error))
    .finally(() => refreshing.delete(keyUrl));
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (a plain app.request in a test): the work runs on by itself.
  }
  return true;
}

/** Whether a kept page answers this request: not one that varies by Accept to a request preferring Markdown (the app answers that). */
const answers = (page: StoredPage, request: Request) => !page.variesByAccept || !prefersMarkdown(request.headers.get("accept"));

/** `page.headers` as a hit answers them. */
function hitHeaders(page: StoredPage): [string, string][] {
  page.hitHeaders ??= [
    ...page.headers.filter(([name]) => name.toLowerCase() !== "cache-control"),
    ["Cache-Control", publicHtmlCacheControl],
    [pageCacheHeader, "HIT"],
  ];
  return page.hitHeaders;
}

/**
 * Replays a stored page with this request's nonce where the rendered one stood; a page of one
 * part (its own policy, no nonce) is answered with its bytes as they are, without a copy.
 */
function replay(page: StoredPage, nonce: string, headers = hitHeaders(page)): Response {
  const body = page.parts.length === 1 ? (page.parts[0] as Uint8Array<ArrayBuffer>) : joinBytes(page.parts, encoder.encode(nonce));
  return new Response(body, { status: 200, headers });
}

/**
 * Hot pages in the isolate's memory, in front of the Cache API: a hit then costs no cache
 * lookup at all. Bounded by count and bytes; least recently used first out.
 */
class PageMemory {
  private readonly pages = new Map<string, StoredPage>();
  private bytes = 0;
  constructor(
    private readonly maxPages = 64,
    private readonly maxBytes = 8 * 1024 * 1024,
  ) {}

  get(key: string, now = Date.now()): StoredPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    this.delete(key);
    if (page.expires <= now) return undefined;
    this.set(key, page);
    return page;
  }

  set(key: string, page: StoredPage): void {
    if (page.byteLength > this.maxBytes / 4) return;
    this.delete(key);
    this.pages.set(key, page);
    this.bytes += page.byteLength;
    for (const [oldest] of this.pages) {
      if (this.pages.size <= this.maxPages && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.pages.clear();
    this.bytes = 0;
  }

  forget(key: string): void {
    this.delete(key);
  }

  entries(): IterableIterator<[string, StoredPage]> {
    return this.pages.entries();
  }

  private delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.byteLength;
  }
}

const memory = new PageMemory();

/**
 * Pages this isolate is rendering now, by cache key: the stored page once its body is complete,
 * or null when that render was not kept (an error, a status or headers the cache does not keep).
 * A burst of first requests for one page (a fresh instance, a link shared widely) renders it once;
 * the others wait for that render and replay it with their own nonce.
 */
const rendering = new Map<string, Promise<StoredPage | null>>();

/** How long a request waits for another's render of its page before it renders its own. */
const maxRenderWaitMs = 5_000;

/** The page another request is rendering (null: not kept), or "slow" if that takes longer than `ms`. */
async function awaitRender(flight: Promise<StoredPage | null>, ms: number): Promise<StoredPage | null | "slow"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([flight, new Promise<"slow">((resolve) => (timer = setTimeout(() => resolve("slow"), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The addresses of the pages this isolate holds (the page every visitor gets, not an experiment's
 * variant) that a change marking `tags` made stale: those to render again at once.
 */
export async function stalePagesRemembered(kv: KVNamespace, tags: ReadonlySet<string>, limit: number): Promise<string[]> {
  const prefix = `${pageKeyBase()}/`;
  const found: string[] = [];
  for (const [key, page] of [...memory.entries()]) {
    if (found.length >= limit) break;
    if (!key.startsWith(prefix)) continue;
    const shows = !page.shown || page.shown.tags.some((tag) => tags.has(tag));
    if (shows && !(page.shown && (await unchangedSince(kv, page.shown, page.builtAt).catch(() => false)))) {
      found.push(key.slice(prefix.length - 1));
    }
  }
  return found;
}

/** Tests only: how many times the pages were forgotten, part of their keys (workerd cannot empty a Cache API cache). */
let forgotten = 0;

/** Tests only: forget the pages this isolate holds (as a fresh isolate would). */
export const clearPageMemory = () => {
  memory.clear();
  validLater.clear();
  validLaterBytes = 0;
  rendering.clear();
  refreshing.clear();
};

/** Tests only: the hot pages leave the isolate's memory (as the least recently used do), nothing else. */
export const evictHotPages = () => memory.clear();

/** Tests only: forget every kept page, those in the Cache API too (a test's pages are not the next one's). */
export const forgetKeptPages = () => {
  clearPageMemory();
  forgotten += 1;
};

/**
 * Whole-page cache (isolate memory, then the Cache API). Rendering costs about 50 times serving
 * bytes, so public pages are cached by URL (tracking parameters removed), content generation
 * and the page variant. Most public pages have a policy of hashes and no nonce (decision 021): a
 * hit answers their bytes as they are. A page with a nonce (one that loads an outside script) is
 * kept cut at the nonce it was rendered with and replayed with the request's nonce in those
 * places (cheaper than re-parsing the HTML). Preview requests never read or write it.
 */
export function pageCache({
  variant = () => "",
  published = () => false,
}: {
  variant?: PageVariant;
  /** Paths whose pages may have been rendered when published (read from KV on a miss; see published-pages.ts). */
  published?: (path: string) => boolean;
} = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!cacheable(c)) return next();
    const generation = await c.get("content").generation();
    const url = new URL(c.req.url);
    const pageVariant = variant(c);
    const keyUrl = pageKey(url, pageVariant);
    const storeKey = publishedKey(buildId!, pageVariant, pageIdentity(url));
    if (isPublishingRequest(c.req.raw)) return publish(c, next, keyUrl, published(c.req.path) ? storeKey : null, generation);
    const kv = c.env.CONTENT_CACHE;

    // A kept page is answered while it is fresh, or once more while it is rendered again after a
    // change (so no visitor waits for a render an editor's save caused).
    const answerKept = async (page: StoredPage): Promise<boolean> => {
      const state = await freshness(page, generation, kv, keyUrl);
      if (state === "stale" && !refreshInBackground(c, keyUrl, pageVariant)) return false;
      if (!answers(page, c.req.raw)) return false;
      c.res = replay(page, c.get("nonce"));
      if (state === "stale") c.res.headers.set(pageCacheHeader, "STALE");
      return true;
    };

    const remembered = memory.get(keyUrl);
    if (remembered) {
      if ((await freshness(remembered, generation, kv)) === "stale") {
        // Another isolate (the webhook's) may have rendered it again already: its page is kept there.
        const cache = await caches.open("pages");
        const kept = await keptPage(c, cache, new Request(keyUrl), published(c.req.path) ? storeKey : null, generation).catch(() => null);
        if (kept && kept.builtAt > remembered.builtAt && (await freshness(kept, generation, kv, keyUrl)) === "fresh") {
          memory.set(keyUrl, kept);
          if (await answerKept(kept)) return;
          return next();
        }
      }
      if (await answerKept(remembered)) return;
      return next();
    }
    const inFlight = rendering.get(keyUrl);
    if (inFlight) {
      const page = await awaitRender(inFlight, maxRenderWaitMs);
      if (page !== "slow") {
        if (page && answers(page, c.req.raw)) {
          c.res = replay(page, c.get("nonce"));
          return;
        }
        return next(); // that render was not kept: this request renders its own
      }
      // That render is slow, or will never end (its request went away before it was kept): this
      // request takes its place, so the requests after it wait for a render that can end.
      if (rendering.get(keyUrl) === inFlight) rendering.delete(keyUrl);
    }
    // This request looks for the page where it is kept, and renders it if it is nowhere; the
    // requests for it meanwhile wait for it here rather than each asking the Cache API again.
    let settle!: (page: StoredPage | null) => void;
    const flight = new Promise<StoredPage | null>((resolve) => (settle = resolve));
    rendering.set(keyUrl, flight);
    const done = (page: StoredPage | null) => {
      if (rendering.get(keyUrl) === flight) rendering.delete(keyUrl);
      settle(page);
    };
    const key = new Request(keyUrl);
    let cache: Cache;
    let kept: StoredPage | null;
    try {
      cache = await caches.open("pages");
      kept = await keptPage(c, cache, key, published(c.req.path) ? storeKey : null, generation);
    } catch (error) {
      done(null);
      throw error;
    }
    if (kept) {
      memory.set(keyUrl, kept);
      const state = await freshness(kept, generation, kv, keyUrl);
      done(state === "fresh" ? kept : null);
      if (await answerKept(kept)) return;
      return next();
    }
    const startedAt = Date.now();
    try {
      await next();
    } catch (error) {
      done(null);
      throw error;
    }
    const res = c.res;
    if (!keepable(c, res)) {
      done(null);
      return;
    }
    const facts = pageFacts(c, startedAt, generation);
    if (await changedWhileRendered(facts, kv)) {
      // Part of it was read before a change and part after (a release going live): rendered
      // again, as a publishing render that keeps the new page, and that page is the answer.
      done(null);
      const renderPage = c.get("renderPage");
      await res.body.cancel();
      if (renderPage) {
        c.res = await renderPage(publishingRequest(c.req.url));
        c.res.headers.set(pageCacheHeader, "MISS");
      }
      return;
    }
    const [forClient, forCache] = res.body.tee();
    const stored = headersToKeep(res.headers, c.env);
    c.res = new Response(forClient, res);
    c.res.headers.set(pageCacheHeader, "MISS");
    const renderedNonce = c.get("nonce");
    c.executionCtx.waitUntil(
      (async () => {
        const body = await new Response(forCache).arrayBuffer();
        const page = storedPage(body, renderedNonce, stored, freshSeconds(c.env), facts);
        memory.set(keyUrl, page);
        done(page);
        await cache.put(key, new Response(body, { status: 200, headers: cacheHeaders(stored, renderedNonce, facts, page) }));
      })().catch((error) => {
        done(null);
        console.warn("page cache write failed:", error);
      }),
    );
  };
}

/**
 * Whether what a page shows was marked as changed while it was rendered (after its first read
 * began): then some of it may be from before the change and some from after, a page never to
 * keep (it would be answered as a stale page) nor to show.
 */
async function changedWhileRendered(facts: PageFacts, kv: KVNamespace): Promise<boolean> {
  if (!facts.shown) return false;
  // Strictly after: a mark in the very millisecond the render began is taken as before it (one
  // render more at each change would be the other way's cost).
  return !(await unchangedSince(kv, facts.shown, facts.builtAt + 1).catch(() => true));
}

/** What a page rendered by this request shows, from its content reads. */
function pageFacts(c: Context<AppEnv>, startedAt: number, generation: string): PageFacts {
  const content = c.get("content");
  return { shown: content.shown(), builtAt: Math.min(startedAt, content.startedAt), generation };
}

/** A page's headers as the Cache API keeps them: with the nonce it was rendered with and its facts. */
function cacheHeaders(headers: Headers, nonce: string, facts: PageFacts, page: StoredPage): Headers {
  const kept = new Headers(headers);
  kept.set(renderedNonceHeader, nonce);
  kept.set(nonceOffsetsHeader, nonceOffsetsOf(page.parts, encoder.encode(nonce)));
  const json = JSON.stringify(packFacts(facts));
  // A page showing too much to say in a header is kept without: any change makes it stale.
  if (json.length <= maxFactsHeaderBytes) {
    kept.set(pageFactsHeader, json);
    page.factsText = json;
  }
  return kept;
}
const maxFactsHeaderBytes = 16_000;

/** `PageFacts` as a header holds them: the items' ids grouped by collection (a list page names hundreds). */
interface PackedFacts {
  /** Nothing is known of what the page shows: stale at the first change. */
  unknown?: true;
  items: Record<string, string>;
  tags: string[];
  fields: Record<string, string[]>;
  builtAt: number;
  generation: string;
}

function packFacts({ shown, builtAt, generation }: PageFacts): PackedFacts {
  if (!shown) return { unknown: true, items: {}, tags: [], fields: {}, builtAt, generation };
  const items: Record<string, string[]> = {};
  const tags: string[] = [];
  for (const tag of shown.tags) {
    const at = tag.startsWith("i:") ? tag.lastIndexOf(":") : -1;
    if (at > 2) (items[tag.slice(2, at)] ??= []).push(tag.slice(at + 1));
    else tags.push(tag);
  }
  const grouped = Object.fromEntries(Object.entries(items).map(([collection, ids]) => [collection, ids.join(",")]));
  return { items: grouped, tags, fields: shown.fields, builtAt, generation };
}

function unpackFacts({ unknown, items, tags, fields, builtAt, generation }: PackedFacts): PageFacts {
  if (unknown) return { shown: null, builtAt, generation };
  const all = [...tags];
  for (const [collection, ids] of Object.entries(items)) for (const id of ids.split(",")) all.push(`i:${collection}:${id}`);
  return { shown: { tags: all, fields }, builtAt, generation };
}

/**
 * The page as kept: in the Cache API (by an earlier isolate; every page put there names the nonce
 * it was rendered with), or rendered when it was published (KV).
 */
async function keptPage(
  c: Context<AppEnv>,
  cache: Cache,
  key: Request,
  /** Its KV key if the page may have been rendered when published. */
  publishedStoreKey: string | null,
  generation: string,
): Promise<StoredPage | null> {
  const hit = await cache.match(key);
  const renderedNonce = hit?.headers.get(renderedNonceHeader);
  if (hit && renderedNonce) {
    const age = Number(hit.headers.get("age") ?? 0);
    const factsText = hit.headers.get(pageFactsHeader) ?? undefined;
    const later = validLater.get(key.url);
    let facts: PageFacts = { shown: null, builtAt: 0, generation: "" };
    if (later && factsText !== undefined && later.factsText === factsText) {
      // The copy found valid later: its facts as they were read then, and the checks since.
      facts = { shown: later.shown, builtAt: later.builtAt, generation: later.generation, checked: later.checked, factsText };
    } else {
      try {
        const packed = JSON.parse(factsText ?? "null") as PackedFacts | null;
        if (packed) facts = { ...unpackFacts(packed), factsText };
      } catch {
        // unreadable: a page of unknown facts, stale at the first change
      }
    }
    return storedPage(
      await hit.arrayBuffer(),
      renderedNonce,
      hit.headers,
      // Fresh for its time from its render (by the worker's clock; by the Cache API's age when its facts are unknown).
      freshSeconds(c.env) - (facts.builtAt ? (Date.now() - facts.builtAt) / 1000 : age),
      facts,
      hit.headers.get(nonceOffsetsHeader),
    );
  }
  if (!publishedStoreKey) return null;
  const publishedPage = await readPublishedPage(c.env.CONTENT_CACHE, publishedStoreKey).catch(() => null);
  if (!publishedPage) return null;
  const facts: PageFacts = {
    shown: publishedPage.shown ?? null,
    builtAt: publishedPage.builtAt ?? 0,
    // Valid by what it read: known valid at this generation; stale: to be checked (and rendered again).
    generation: publishedPage.stale ? "" : generation,
  };
  return storedPage(publishedPage.body, publishedPage.nonce, new Headers(publishedPage.headers), freshSeconds(c.env), facts);
}

/** Whether a rendered answer is a public page the cache keeps. */
function keepable(c: Context<AppEnv>, res: Response): res is Response & { body: ReadableStream<Uint8Array> } {
  return (
    res.status === 200 &&
    res.body !== null &&
    res.headers.get("content-type")?.startsWith("text/html") === true &&
    res.headers.get("cache-control") === publicHtmlCacheControl &&
    !c.get("preview")
  );
}

/** A kept page's headers: none that are per request (a policy of hashes is the page's own, and kept). */
function headersToKeep(headers: Headers, env: Bindings): Headers {
  const kept = new Headers(headers);
  for (const name of ["Server-Timing", "Set-Cookie", pageCacheHeader]) kept.delete(name);
  if (kept.get("Content-Security-Policy")?.includes("'nonce-")) kept.delete("Content-Security-Policy");
  kept.set("Cache-Control", `public, max-age=${freshSeconds(env) + pageStaleForSeconds}`);
  return kept;
}

/**
 * A page rendered again that is no longer there (its post deleted or unpublished): what is kept
 * of it goes, in this isolate's memory, the Cache API and KV, so the visitor after the one it was
 * answered to while it was rendered again gets the 404, not the old page until it ages out.
 */
async function forgetGonePage(c: Context<AppEnv>, keyUrl: string, storeKey: string | null): Promise<void> {
  memory.forget(keyUrl);
  forgetValidLater(keyUrl);
  try {
    await (await caches.open("pages")).delete(new Request(keyUrl));
    if (storeKey) await c.env.CONTENT_CACHE.delete(storeKey);
  } catch (error) {
    console.warn("forgetting a page that is gone failed:", error);
  }
}

/**
 * A publishing render (published-pages.ts): always rendered, never served from a cache, and
 * stored in KV with the collections it read and what it shows before the answer returns, so the
 * publisher knows the page is live once its request is done; kept in this isolate's memory and
 * the Cache API too (a page rendered again after a change replaces the stale one there).
 */
async function publish(
  c: Context<AppEnv>,
  next: () => Promise<void>,
  keyUrl: string,
  /** Its KV key when a miss looks for it there (published-pages.ts); null: memory and the Cache API only. */
  storeKey: string | null,
  generation: string,
): Promise<void> {
  const startedAt = Date.now();
  await next();
  const res = c.res;
  if (!keepable(c, res)) {
    if (res.status === 404 || res.status === 410) await forgetGonePage(c, keyUrl, storeKey);
    return;
  }
  const body = new Uint8Array(await res.arrayBuffer());
  const headers = headersToKeep(res.headers, c.env);
  const nonce = c.get("nonce");
  const facts = pageFacts(c, startedAt, generation);
  if (await changedWhileRendered(facts, c.env.CONTENT_CACHE)) {
    // Read across a change: not kept. The page stays stale where it is kept, and its next
    // request renders it again (after the change, whole).
    c.res = new Response(body, res);
    c.res.headers.set(pageCacheHeader, "MISS");
    return;
  }
  if (storeKey) {
    await storePublishedPage(
      c.env.CONTENT_CACHE,
      storeKey,
      { body, nonce, headers: [...headers], shown: facts.shown, builtAt: facts.builtAt },
      [...c.get("content").collectionsRead],
    );
  }
  const page = storedPage(body, nonce, headers, freshSeconds(c.env), facts);
  memory.set(keyUrl, page);
  try {
    const cache = await caches.open("pages");
    await cache.put(new Request(keyUrl), new Response(body, { status: 200, headers: cacheHeaders(headers, nonce, facts, page) }));
  } catch (error) {
    console.warn("page cache write failed:", error);
  }
  c.res = new Response(body, res);
  c.res.headers.set(pageCacheHeader, "PUBLISHED");
}

/**
 * Where a page is kept: per build, variant and URL (tracking parameters removed). Not per content
 * generation: a change makes stale only the pages that show what it changed (`freshness`).
 */
const pageKey = (url: URL, variant: string) =>
  `${pageKeyBase()}${encodeURIComponent(variant)}${url.search ? pageIdentity(url) : url.pathname}`;
const pageKeyBase = () => `https://page-cache.invalid/${buildId}${forgotten ? `-${forgotten}` : ""}/page`;

const previewCookie = new RegExp(`(?:^|;\\s*)${previewCookieName}=`);

/**
 * A page-cache hit from the isolate's memory, answered before the app: the router and the
 * middleware chain cost as much CPU as the hit itself. It does what that path does for such a
 * request (the security headers, a nonce where the page has one) and nothing else (the hit is
 * counted, not logged one line each: `countMemoryHit`), so it only answers when the answer is
 * certain: a public GET (no preview cookie or token, no credentials, no
 * trailing slash, none of the worker's own addresses, not one preferring Markdown of a page that
 * varies by Accept) whose page this isolate holds for the
 * content generation it has read within the last second, at an address its redirect map does
 * not redirect (`notRedirected`: the redirects feature's answer, which this layer does not
 * import). Anything else returns null and takes the ordinary path (the page's variant and
 * whether its answer is everyone's: `variantOf`, the experiments feature's answer).
 */
export function servePageFromMemory(
  request: Request,
  env: Bindings,
  notRedirected: (url: URL, now: number) => boolean,
  now = Date.now(),
  /** The page variant for this request, or null when only the app can answer. */
  variantOf: (request: Request, url: URL, generation: string, consent: ConsentState, now: number) => MemoryVariant | null = () => ({
    key: "",
    shared: true,
  }),
): Response | null {
  if (buildId === null || request.method !== "GET" || env.PAGE_CACHE === "off") return null;
  const cookies = request.headers.get("cookie") ?? "";
  if (request.headers.has("authorization") || request.headers.has("x-preview-token") || previewCookie.test(cookies)) return null;
  const url = new URL(request.url);
  const path = url.pathname;
  if ((path.length > 1 && path.endsWith("/")) || path.startsWith("/api/") || path === "/graphql" || path.startsWith("/_next/")) return null;
  const generation = memoizedGeneration([anyCollection], now);
  if (generation === null) return null;
  const variant = variantOf(request, url, generation, consentFromCookies(cookies), now);
  if (variant === null) return null;
  const page = memory.get(pageKey(url, variant.key), now);
  // A page not known valid at this generation is checked on the ordinary path (its tags).
  if (!page || page.generation !== generation || !answers(page, request) || !notRedirected(url, now)) return null;
  let response: Response;
  if (page.ownPolicy) {
    // The same answer for every request of this page: its bytes and headers, built once.
    page.answerHeaders ??= [...hitHeaders(page), ...publicPageSecurityHeaders(null, env)];
    response = replay(page, "", page.answerHeaders);
  } else {
    const nonce = createNonce();
    response = replay(page, nonce, [...hitHeaders(page), ...publicPageSecurityHeaders(nonce, env)]);
  }
  // A page that is not the same for every visitor: no shared cache may keep it.
  if (!variant.shared) response.headers.set("Cache-Control", privatePageCacheControl);
  if (env.REQUEST_LOG !== "off") countMemoryHit(path, now);
  return response;
}

function cacheable(c: Context<AppEnv>): boolean {
  // Pages name hashed CSS and JS files, so they are kept per build (no build id under `vite`: no cache).
  if (buildId === null || c.req.method !== "GET" || c.get("preview") || c.env.PAGE_CACHE === "off") return false;
  const path = c.req.path;
  if (path.startsWith("/api/") || path === "/graphql" || path.startsWith("/_next/")) return false;
  return !c.req.header("authorization");
}
