import type { MiddlewareHandler } from "hono";
import { redirectResponse } from "../lib/location";

/** Query parameters that carry a secret (the editors' preview link): never repeated in a Location. */
const secretParameters = ["token"];

/**
 * Every address has one canonical form without a trailing slash: `/blog/` answers 308 with
 * `/blog` (query kept; 308 keeps the method and body of a form post). The Location is a path
 * with exactly one leading slash, so `//evil.example/` stays on this site. A secret in the query
 * is dropped rather than repeated, and such an answer is never cached.
 */
export function trailingSlash(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
      const path = "/" + url.pathname.replace(/^\/+/, "").replace(/\/+$/, "");
      const secret = secretParameters.some((name) => url.searchParams.has(name));
      for (const name of secretParameters) url.searchParams.delete(name);
      const headers = { "Cache-Control": secret || path.startsWith("/api/") ? "private, no-store" : "public, max-age=3600" };
      return redirectResponse(path + url.search, 308, { headers }) ?? (redirectResponse("/", 308, { headers }) as Response);
    }
    await next();
  };
}
