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

/**
 * Whole-page cache (Cache API). Rendering costs about 50 times serving bytes, so public pages
 * are cached by URL (tracking parameters removed), content generation and the page variant,
 * and streamed from there. The CSP nonce is rewritten on the way out (HTMLRewriter), not
 * rendered again. Preview requests never read or write it.
 */
export function pageCache({ variant = () => "default" }: { variant?: PageVariant } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!cacheable(c)) return next();
    const cache = await caches.open("pages");
    const generation = await c.get("content").generation();
    const url = new URL(c.req.url);
    const key = new Request(
      `https://page-cache.invalid/${buildId}/${encodeURIComponent(generation)}/${encodeURIComponent(variant(c))}${pageIdentity(url)}`,
    );

    const hit = await cache.match(key);
    if (hit) {
      c.res = withNonce(hit, c.get("nonce"));
      c.res.headers.set(pageCacheHeader, "HIT");
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
      cache.put(key, new Response(forCache, { status: 200, headers: stored })).catch((error) => {
        console.warn("page cache write failed:", error);
      }),
    );
  };
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
