import type { Context, MiddlewareHandler } from "hono";
import { Content, type ContentOptions } from "../../content/content.server";
import type { AppEnv } from "../../env";
import { redirectResponse } from "../../lib/location";
import { findRedirect } from "./redirect-map";
import { recordRoutingEvent } from "./routing-events.server";
import { currentRedirectMap } from "./store.server";
import { logLine } from "../../lib/log";

/** The worker's own addresses: never redirected (Directus refuses such sources too). */
const ownPrefixes = ["/api/", "/_next/", "/static/", "/graphql", "/cdn-cgi/"];
/** Browsers keep a permanent redirect this long, so an editor's change reaches them soon. */
const redirectCacheControl = "public, max-age=300";

/**
 * Redirects managed in the CMS, before any page is routed (GET and HEAD): the map compiled from
 * Directus (src/features/redirects/store.server.ts). Also counts the addresses that end as not found.
 */
export interface RedirectsOptions {
  content?: ContentOptions;
  /** The "gone" page (410) of a rule without a target: the app's error screen. */
  renderGone: (c: Context<AppEnv>) => Response | Promise<Response>;
}

export function redirects({ content: options = {}, renderGone }: RedirectsOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    const own = ownPrefixes.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
    // A preview touches no cache and shows the page the editor asked for.
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || own || c.get("preview")) return next();
    const waitUntil = (work: Promise<unknown>) => {
      try {
        c.executionCtx.waitUntil(work);
      } catch {
        void work; // no execution context (a plain app.request in a test)
      }
    };
    let compile: (() => Promise<void>) | null = null;
    const map = await currentRedirectMap(
      c.env.CONTENT_CACHE,
      () => new Content(c.env, waitUntil, false, options),
      (work) => (compile = work),
    );
    // A map to compile starts after this request's own content is read.
    const compileNow = () => compile && waitUntil(compile());
    const url = new URL(c.req.url);
    const answer =
      map &&
      findRedirect(map, url, ({ rule, reason, location }) =>
        logLine("warn", reason === "loop" ? "redirect_loop" : "redirect_off_site", { id: rule.id, path, location }),
      );
    const referrer = c.req.header("Referer");
    if (answer) {
      compileNow();
      recordRoutingEvent(c.env, { kind: "redirect", path, target: answer.location, status: answer.status, referrer });
      if (answer.location === null) return renderGone(c);
      const response = redirectResponse(answer.location, answer.status, {
        allowedHosts: map?.hosts,
        headers: { "Cache-Control": redirectCacheControl },
      });
      if (response) return response;
    }
    try {
      await next();
    } finally {
      compileNow();
    }
    if (c.res.status === 404) recordRoutingEvent(c.env, { kind: "not_found", path, status: 404, referrer });
  };
}
