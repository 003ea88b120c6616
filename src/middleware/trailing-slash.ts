import type { MiddlewareHandler } from "hono";

/**
 * Every address has one canonical form without a trailing slash: `/blog/` answers 308 with
 * `/blog` (query kept; 308 keeps the method and body of a form post). The Location is a path
 * with exactly one leading slash, so `//evil.example/` stays on this site.
 */
export function trailingSlash(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
      const path = "/" + url.pathname.replace(/^\/+/, "").replace(/\/+$/, "");
      return new Response(null, {
        status: 308,
        headers: { Location: path + url.search, "Cache-Control": "public, max-age=3600" },
      });
    }
    await next();
  };
}
