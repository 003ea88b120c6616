/**
 * Rendered documentation bodies, cached by content hash: the key is the SHA-256 of the renderer
 * version, the options that change the output and the Markdown itself, so an unchanged page is
 * never highlighted again and a changed one can never be served stale (no invalidation needed).
 * An in-isolate map sits in front of KV; concurrent misses of one key share one render. Entries
 * expire from KV after 30 days without being written again (old versions of edited pages).
 */
import { sha256Hex } from "../../lib/digest";
import type { RenderedDoc, RenderOptions } from "./markdown.server";
import { rendererVersion } from "./renderer-version";

export interface RenderCacheDeps {
  /** The renderer (tests count calls). */
  render?: (markdown: string, options: RenderOptions) => Promise<RenderedDoc>;
  /** Lets the KV write finish after the response (`ctx.waitUntil`); awaited when absent. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

export type RenderSource = "memory" | "kv" | "render";

const keyPrefix = "md:";
const kvTtlSeconds = 30 * 86_400;
const kvMaxValueBytes = 25 * 1024 * 1024;
const memoryCapacity = 128;
/** Larger results are not kept in memory (an isolate has 128 MB); KV still has them. */
const memoryMaxHtmlChars = 1_000_000;

/**
 * markdown-it, its entity tables and the renderer load on a miss only (about 30 kB gzipped of
 * the worker): most reads find the body rendered, in memory or in KV.
 */
const renderMarkdown = async (markdown: string, options: RenderOptions): Promise<RenderedDoc> =>
  (await import("./markdown.server")).renderMarkdown(markdown, options);

const memory = new Map<string, RenderedDoc>();
const inflight = new Map<string, Promise<{ doc: RenderedDoc; source: RenderSource }>>();

/** Tests only: forget what this isolate holds. */
export function resetRenderCache(): void {
  memory.clear();
  inflight.clear();
}

/** KV key of a rendered body: `md:<sha256 hex>`. */
export async function renderCacheKey(markdown: string, options: RenderOptions): Promise<string> {
  const assets = Object.entries(options.assets ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, size]) => [id, size.width, size.height]);
  const material = JSON.stringify([rendererVersion, options.siteUrl, options.apiBaseUrl, options.idPrefix ?? "doc", assets, markdown]);
  return keyPrefix + (await sha256Hex(material));
}

/** `renderMarkdown` through the cache. */
export async function renderMarkdownCached(
  kv: KVNamespace,
  markdown: string,
  options: RenderOptions,
  deps: RenderCacheDeps = {},
): Promise<RenderedDoc> {
  return (await renderMarkdownCachedWithSource(kv, markdown, options, deps)).doc;
}

/** Same, also telling where the result came from (for Server-Timing and tests). */
export async function renderMarkdownCachedWithSource(
  kv: KVNamespace,
  markdown: string,
  options: RenderOptions,
  deps: RenderCacheDeps = {},
): Promise<{ doc: RenderedDoc; source: RenderSource }> {
  const key = await renderCacheKey(markdown, options);
  const cached = memory.get(key);
  if (cached) {
    remember(key, cached);
    return { doc: cached, source: "memory" };
  }
  const pending = inflight.get(key);
  if (pending) return pending;
  const promise = (async () => {
    const stored = await kv.get<RenderedDoc>(key, "json").catch(() => null);
    if (isRenderedDoc(stored)) {
      remember(key, stored);
      return { doc: stored, source: "kv" as const };
    }
    const doc = await (deps.render ?? renderMarkdown)(markdown, options);
    remember(key, doc);
    const write = writeToKv(kv, key, doc);
    if (deps.waitUntil) deps.waitUntil(write);
    else await write;
    return { doc, source: "render" as const };
  })().finally(() => inflight.delete(key));
  inflight.set(key, promise);
  return promise;
}

function remember(key: string, doc: RenderedDoc): void {
  if (doc.html.length > memoryMaxHtmlChars) return;
  memory.delete(key); // re-insert: Map order doubles as least-recently-used order
  memory.set(key, doc);
  if (memory.size > memoryCapacity) memory.delete(memory.keys().next().value!);
}

async function writeToKv(kv: KVNamespace, key: string, doc: RenderedDoc): Promise<void> {
  const json = JSON.stringify(doc);
  if (json.length * 3 > kvMaxValueBytes && new TextEncoder().encode(json).length > kvMaxValueBytes) {
    console.warn(`not caching ${key}: rendered doc over 25 MiB`);
    return;
  }
  try {
    await kv.put(key, json, { expirationTtl: kvTtlSeconds });
  } catch (error) {
    // Another isolate wrote the same key this second (429): it wrote the same value.
    console.warn(`KV write of ${key} failed:`, error);
  }
}

function isRenderedDoc(value: unknown): value is RenderedDoc {
  const doc = value as RenderedDoc | null;
  return !!doc && typeof doc.html === "string" && Array.isArray(doc.headings) && typeof doc.text === "string";
}
