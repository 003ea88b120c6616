import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";

/** The client's address as Cloudflare reports it (local runs have none: one shared bucket). */
export const clientKey = (c: Context<AppEnv>) => c.req.header("cf-connecting-ip") ?? "local";

/**
 * Fixed-window rate limit per client, kept in the isolate: cheap, and enough to stop a form
 * being hammered through one isolate. (A global limit would use a Durable Object or the
 * Workers rate-limiting binding.)
 */
export function rateLimit({ limit, windowMs, message }: { limit: number; windowMs: number; message: string }): MiddlewareHandler<AppEnv> {
  const windows = new Map<string, { start: number; count: number }>();
  return async (c, next) => {
    const now = Date.now();
    const key = clientKey(c);
    let window = windows.get(key);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      windows.set(key, window);
      if (windows.size > 10_000) windows.clear();
    }
    window.count += 1;
    if (window.count > limit) {
      c.header("Retry-After", String(Math.ceil((window.start + windowMs - now) / 1000)));
      return c.json({ message, errors: {} }, 429);
    }
    await next();
  };
}
