import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import manifest from "../generated/asset-manifest.json";
import { pageIdentity } from "../lib/tracking";
import { publicHtmlCacheControl } from "../render/render-page.server";

/** Request facts besides the URL that change the HTML of a public page. */
export type PageVariant = (c: Context<AppEnv>) => string;

/** Pages name hashed CSS and JS files: a new build must never serve pages of the old one. */
const buildId = encodeURIComponent(`${manifest.clientEntry}${manifest.css}`.replace(/[^a-zA-Z0-9]/g, ""));

/** How long a rendered page is kept; a webhook invalidates it sooner through the generation. */
export const pageCacheTtlSeconds = 300;
export const pageCacheHeader = "X-Page-Cache";

/** A rendered page as kept in the isolate's memory. */
interface StoredPage {
  body: ArrayBuffer;
  headers: [string, string][];
  expires: number;
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
    if (page.body.byteLength > this.maxBytes / 4) return;
    this.delete(key);
    this.pages.set(key, page);
    this.bytes += page.body.byteLength;
    for (const [oldest] of this.pages) {
      if (this.pages.size <= this.maxPages && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.pages.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.body.byteLength;
  }
}

const memory = new PageMemory();

/** Tests only: forget the pages this isolate holds. */
export const clearPageMemory = () => memory.clear();

/**
 * Whole-page cache (isolate memory, then the Cache API). Rendering costs about 50 times serving bytes, so public pages
 * are cached by URL (tracking parameters removed), content generation and the page variant,
 * and streamed from there. The CSP nonce is rewritten on the way out (HTMLRewriter), not
 * rendered again. Preview requests never read or write it.
 */
export function pageCache({ variant = () => "default" }: { variant?: PageVariant } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!cacheable(c)) return next();
    const generation = await c.get("content").generation();
    const url = new URL(c.req.url);
    const keyUrl = `https://page-cache.invalid/${buildId}/${encodeURIComponent(generation)}/${encodeURIComponent(variant(c))}${pageIdentity(url)}`;

    const remembered = memory.get(keyUrl);
    if (remembered) {
      c.res = withNonce(new Response(remembered.body, { headers: remembered.headers }), c.get("nonce"));
      c.res.headers.set(pageCacheHeader, "HIT");
      return;
    }
    const cache = await caches.open("pages");
    const key = new Request(keyUrl);
    const hit = await cache.match(key);
    if (hit) {
      const [forClient, forMemory] = hit.body!.tee();
      c.res = withNonce(new Response(forClient, hit), c.get("nonce"));
      c.res.headers.set(pageCacheHeader, "HIT");
      c.executionCtx.waitUntil(remember(keyUrl, new Response(forMemory, hit)));
      return;
    }

    await next();
    const res = c.res;
    if (res.status !== 200 || !res.body || !res.headers.get("content-type")?.startsWith("text/html")) return;
    if (res.headers.get("cache-control") !== publicHtmlCacheControl || c.get("preview")) return;
    const [forClient, forCache] = res.body.tee();
    const stored = new Headers(res.headers);
    for (const name of ["Content-Security-Policy", "Server-Timing", "Set-Cookie", pageCacheHeader]) stored.delete(name);
    stored.set("Cache-Control", `public, max-age=${pageCacheTtlSeconds}`);
    c.res = new Response(forClient, res);
    c.res.headers.set(pageCacheHeader, "MISS");
    c.executionCtx.waitUntil(
      (async () => {
        const body = await new Response(forCache).arrayBuffer();
        const response = new Response(body, { status: 200, headers: stored });
        memory.set(keyUrl, { body, headers: [...stored], expires: Date.now() + pageCacheTtlSeconds * 1000 });
        await cache.put(key, response);
      })().catch((error) => {
        console.warn("page cache write failed:", error);
      }),
    );
  };
}

async function remember(keyUrl: string, cached: Response): Promise<void> {
  const body = await cached.arrayBuffer();
  const age = Number(cached.headers.get("age") ?? 0);
  memory.set(keyUrl, { body, headers: [...cached.headers], expires: Date.now() + Math.max(0, pageCacheTtlSeconds - age) * 1000 });
}

function cacheable(c: Context<AppEnv>): boolean {
  if (c.req.method !== "GET" || c.get("preview") || c.env.PAGE_CACHE === "off") return false;
  const path = c.req.path;
  if (path.startsWith("/api/") || path === "/graphql" || path.startsWith("/_next/")) return false;
  return !c.req.header("authorization");
}

/** Replays a cached page with this request's nonce on every element that carries one. */
function withNonce(cached: Response, nonce: string): Response {
  const response = new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(cached);
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", publicHtmlCacheControl);
  return new Response(response.body, { status: cached.status, headers });
}
