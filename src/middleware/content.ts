import type { MiddlewareHandler } from "hono";
import { Content, type ContentOptions } from "../content/content.server";
import type { AppEnv } from "../env";

/** Gives every request its content access, public or preview (set by the preview middleware). */
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
      }),
    );
    await next();
  };
}
