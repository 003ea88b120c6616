import type { MiddlewareHandler } from "hono";
import { Content, type ContentOptions } from "../content/content.server";
import type { AppEnv } from "../env";
import { isPublishingRequest } from "./published-pages";

/**
 * Gives every request its content access, public or preview (set by the preview middleware).
 * A publishing render (a page rendered again because something it shows changed) serves the
 * cached reads the change left valid whatever their age.
 */
export function content(options: ContentOptions = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const waitUntil = (promise: Promise<unknown>) => {
      try {
        c.executionCtx.waitUntil(promise);
      } catch {
        void promise; // no execution context (plain app.request in a test): let it run
      }
    };
    const version = c.get("previewVersion");
    const release = c.get("previewReleaseId");
    c.set(
      "content",
      new Content(c.env, waitUntil, c.get("preview") ?? false, {
        ...options,
        ...(version ? { version } : {}),
        ...(release ? { release } : {}),
        // A page rendered again after a change reads again only what the change marked.
        ...(isPublishingRequest(c.req.raw) ? { refreshByAge: false } : {}),
      }),
    );
    await next();
  };
}
