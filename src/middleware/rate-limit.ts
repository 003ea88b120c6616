import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { errorFields, logLine } from "../lib/log";

/** The client's address as Cloudflare reports it (local runs have none: one shared bucket). */
const clientKey = (c: Context<AppEnv>) => c.req.header("cf-connecting-ip") ?? "local";

/** The Workers Rate Limiting bindings of wrangler.toml (`[[ratelimits]]`). */
type RateLimiterName = "SUBSCRIBE_LIMITER" | "COLLECT_LIMITER" | "FORMS_LIMITER" | "FEEDBACK_LIMITER" | "MCP_LIMITER";

export interface RateLimitOptions {
  /** Names the endpoint in the key, so two endpoints never share a counter. */
  route: string;
  /** Requests allowed per window and client. Must match the binding's `simple.limit`. */
  limit: number;
  /** The window. Must match the binding's `simple.period` (10 or 60 s). */
  windowMs: number;
  /** The 429 answer's message. */
  message: string;
  /** The binding that counts across isolates; without it (or when it fails) the isolate counts. */
  binding?: RateLimiterName;
  /** Another 429 answer than `{ message }` (a plain form post is sent back to its page instead). */
  answer?: (c: Context<AppEnv>) => Response | Promise<Response>;
}

/**
 * The rate-limit key: route and client address. Cloudflare's advice is a key naming who is
 * limited (a user or API key) and what (the route); these endpoints are anonymous, so the
 * address stands for the client. Nothing the client can choose freely (a cookie, a header
 * other than Cloudflare's own) goes in, so a new value cannot buy a new budget, and no
 * secret or cookie ends up in Cloudflare's counters.
 */
const rateLimitKey = (c: Context<AppEnv>, route: string) => `${route}:${clientKey(c)}`;

/**
 * Rate limit per client and route. With the Workers Rate Limiting binding the count is shared by
 * every isolate of a Cloudflare location; the fixed window kept in this isolate is the fallback
 * when the binding is missing (an environment without it) or fails.
 */
export function rateLimit({ route, limit, windowMs, message, binding, answer }: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const windows = new Map<string, { start: number; count: number }>();
  const tooMany = (c: Context<AppEnv>, retryAfterSeconds: number) => {
    c.header("Retry-After", String(Math.max(1, retryAfterSeconds)));
    c.header("Cache-Control", "no-store");
    return answer ? answer(c) : c.json({ message, errors: {} }, 429);
  };

  return async (c, next) => {
    const key = rateLimitKey(c, route);
    const limiter = binding ? (c.env[binding] as RateLimit | undefined) : undefined;
    if (limiter) {
      let success: boolean | undefined;
      try {
        ({ success } = await limiter.limit({ key }));
      } catch (error) {
        logLine("warn", "rate_limiter_failed", { binding, ...errorFields(error) });
      }
      // The binding does not say when its window ends: a whole period is the safe answer.
      if (success === false) return tooMany(c, Math.ceil(windowMs / 1000));
      if (success === true) return next();
    }

    const now = Date.now();
    let window = windows.get(key);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      windows.set(key, window);
      if (windows.size > 10_000) windows.clear();
    }
    window.count += 1;
    if (window.count > limit) return tooMany(c, Math.ceil((window.start + windowMs - now) / 1000));
    await next();
  };
}
