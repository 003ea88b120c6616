import type { MiddlewareHandler } from "hono";

/** Methods that only read: a page of another site may send them freely. */
const readOnly = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The site's writes (a cookie choice, a sign-up, a form, feedback, a page view) come from its own
 * pages only. A browser says where a request comes from in `Sec-Fetch-Site` (and `Origin`): a
 * cross-site page posting a form into this site is refused with 403, which SameSite=Lax cookies
 * alone would let through as a top-level form post. A request that names neither (a script on a
 * server, an old browser) carries no visitor's cookies from another site, and is let through.
 */
export function sameOriginWrites(): MiddlewareHandler {
  return async (c, next) => {
    if (readOnly.has(c.req.method)) return next();
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const own = new URL(c.req.url).origin;
    const sameOrigin = site ? site === "same-origin" || site === "none" : origin === undefined || origin === own;
    if (sameOrigin) return next();
    const message = "This request came from another website, so it was not accepted. Send it again from this site's own page.";
    c.header("Cache-Control", "no-store");
    c.header("Vary", "Origin, Sec-Fetch-Site");
    return (c.req.header("accept") ?? "").includes("application/json") ? c.json({ message }, 403) : c.text(message, 403);
  };
}
