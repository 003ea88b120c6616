// How many questions /api/ask takes: per visitor, and all visitors together, so that a crowd (or
// one client with many addresses) cannot run up the model's bill. Counted by the Rate Limiting
// bindings of wrangler.toml; without them (tests, an environment lacking them) or when one fails,
// a window in this isolate counts instead.
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../env";
import { errorFields, logLine } from "../../lib/log";

interface Limit {
  binding: "ASK_LIMITER" | "ASK_TOTAL_LIMITER";
  /** Must match the binding's `simple.limit`. */
  limit: number;
  /** Must match the binding's `simple.period` (10 or 60 s). */
  periodSeconds: number;
  message: string;
}

/** Per client address: a reader asking by hand never comes near it. */
const visitorLimit: Limit = {
  binding: "ASK_LIMITER",
  limit: 20,
  periodSeconds: 60,
  message: "Too many questions in a minute. Wait a little, then ask again.",
};

/** All visitors of a Cloudflare location together: at most this many fresh answers (cached ones are free). */
const totalLimit: Limit = {
  binding: "ASK_TOTAL_LIMITER",
  limit: 300,
  periodSeconds: 60,
  message: "Ask the docs is busy with many questions right now. Ask again in a minute, or search the docs meanwhile.",
};

const windows = new Map<string, { start: number; count: number }>();

/** Tests: forget this isolate's windows. */
export function resetAskLimits(): void {
  windows.clear();
}

/** Whether one more request fits `limit` for `key`. */
async function allowed(c: Context<AppEnv>, { binding, limit, periodSeconds }: Limit, key: string): Promise<boolean> {
  const limiter = (c.env as unknown as Partial<Record<Limit["binding"], RateLimit>>)[binding];
  if (limiter) {
    try {
      const { success } = await limiter.limit({ key });
      return success;
    } catch (error) {
      logLine("warn", "rate_limiter_failed", { binding, ...errorFields(error) });
    }
  }
  const now = Date.now();
  const id = `${binding}:${key}`;
  let window = windows.get(id);
  if (!window || now - window.start >= periodSeconds * 1000) {
    window = { start: now, count: 0 };
    windows.set(id, window);
    if (windows.size > 10_000) windows.clear();
  }
  window.count += 1;
  return window.count <= limit;
}

/** 429 with the reason; the bindings do not say when their window ends, so a whole period. */
const refused = (c: Context<AppEnv>, { message, periodSeconds }: Limit) => {
  c.header("Retry-After", String(periodSeconds));
  c.header("Cache-Control", "no-store");
  return c.json({ error: message }, 429);
};

/**
 * The per-visitor limit, keyed on the route and Cloudflare's client address: nothing a client
 * chooses freely buys a new budget, and no cookie or token reaches the counters.
 */
export const askVisitorLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = `ask:${c.req.header("cf-connecting-ip") ?? "local"}`;
  if (!(await allowed(c, visitorLimit, key))) return refused(c, visitorLimit);
  await next();
};

/** The total budget, asked only before an answer is computed (a cached one costs nothing): the 429 to send, or null. */
export async function totalBudgetRefusal(c: Context<AppEnv>): Promise<Response | null> {
  return (await allowed(c, totalLimit, "ask:all")) ? null : refused(c, totalLimit);
}
