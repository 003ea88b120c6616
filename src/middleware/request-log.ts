import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { logLine } from "../lib/log";
import { isPublishingRequest } from "./published-pages";

/**
 * Structured logs an operator can search (Workers Logs, `wrangler tail`): one JSON line per
 * request, one per upstream failure. Only names, statuses and timings are logged — never a
 * query value, cookie, header value or token — so no secret can end up in the logs.
 */

/** The names of the query parameters (sorted, unique, shortened), never their values. */
export function queryNames(url: string): string[] | undefined {
  const search = url.indexOf("?");
  if (search === -1) return undefined;
  const names = new Set<string>();
  for (const [name] of new URLSearchParams(url.slice(search + 1).split("#", 1)[0])) {
    if (names.size >= 20) break;
    names.add(name.slice(0, 40));
  }
  return names.size ? [...names].sort() : undefined;
}

/** `content-wait;dur=12` of the Server-Timing header, in ms. */
function contentWait(serverTiming: string | null): number | undefined {
  const match = serverTiming && /(?:^|,)\s*content-wait;dur=([\d.]+)/.exec(serverTiming);
  return match ? Number(match[1]) : undefined;
}

/** `content;desc="kv=1 directus=2"` of the Server-Timing header: where the content came from. */
function contentSources(serverTiming: string | null): string | undefined {
  const match = serverTiming && /(?:^|,)\s*content;desc="([^"]*)"/.exec(serverTiming);
  return match ? match[1] : undefined;
}

/** The page cache's answer header (page-cache.ts' pageCacheHeader, which imports this module). */
const pageCacheHeader = "X-Page-Cache";

/** The request's line (see requestLog); also written by the page cache's path before the app. */
function logRequest(
  request: Request,
  {
    status,
    headers,
    preview,
    requestId = request.headers.get("cf-ray") ?? crypto.randomUUID(),
    started,
  }: {
    status: number;
    headers: Headers | null;
    preview?: boolean | undefined;
    requestId?: string;
    started: number;
  },
): void {
  const serverTiming = headers?.get("Server-Timing") ?? null;
  const colo = (request.cf as { colo?: unknown } | undefined)?.colo;
  const url = request.url;
  logLine(status >= 500 ? "error" : "info", "request", {
    method: request.method,
    path: new URL(url).pathname,
    query: queryNames(url),
    status,
    cache: headers?.get(pageCacheHeader) || null,
    content_wait_ms: contentWait(serverTiming) ?? null,
    content_sources: contentSources(serverTiming) ?? null,
    preview: preview || undefined,
    // A page the worker rendered for itself (a change's pages rendered again), not a visitor's request.
    publishing: isPublishingRequest(request) || undefined,
    request_id: requestId,
    colo: typeof colo === "string" ? colo : null,
    duration_ms: Date.now() - started,
  });
}

/** How often at most the page-cache hits answered before the app are written, as one line. */
export const hitSummaryMs = 10_000;
/** Paths named in one summary at most; the rest are counted together. */
const hitSummaryPaths = 50;
const hitCounts = new Map<string, number>();
let hitsSince: number | null = null;

/**
 * A page-cache hit answered from the isolate's memory, before the app (servePageFromMemory).
 * Those are counted per path, not written one line each: a line costs about a fifth of such a
 * hit's CPU, and the platform's own invocation log (observability, wrangler.toml) already records
 * every request with its status, colo and timings. The counts come out as one `page_cache_hits`
 * line once `hitSummaryMs` has passed, on the next request of the isolate.
 */
export function countMemoryHit(path: string, now = Date.now()): void {
  hitCounts.set(path, (hitCounts.get(path) ?? 0) + 1);
  hitsSince ??= now;
  writeHitSummaryIfDue(now);
}

/** Writes the hits counted since the last summary once `hitSummaryMs` has passed (or now, with `force`). */
export function writeHitSummaryIfDue(now = Date.now(), force = false): void {
  if (hitsSince === null || (!force && now - hitsSince < hitSummaryMs)) return;
  const ranked = [...hitCounts].sort((a, b) => b[1] - a[1]);
  const total = ranked.reduce((sum, [, count]) => sum + count, 0);
  const named = ranked.slice(0, hitSummaryPaths);
  const others = total - named.reduce((sum, [, count]) => sum + count, 0);
  logLine("info", "page_cache_hits", {
    since: new Date(hitsSince).toISOString(),
    seconds: Math.round((now - hitsSince) / 1000),
    hits: total,
    paths: Object.fromEntries(named),
    ...(others ? { other_paths: others } : {}),
  });
  hitCounts.clear();
  hitsSince = null;
}

/**
 * One structured line per request, written once the response headers are ready (a streamed
 * body may still be flowing): method, path without the query string (only the parameter names
 * are kept), status, page-cache state, content wait and sources, request id (`cf-ray`, or a new
 * id), Cloudflare location and duration. Register it first, so it sees every answer.
 */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = Date.now();
    const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
    let failed = false;
    try {
      await next();
    } catch (error) {
      failed = true; // Hono's onError normally answers first; this is the last resort
      throw error;
    } finally {
      if (c.env?.REQUEST_LOG !== "off") {
        writeHitSummaryIfDue();
        logRequest(c.req.raw, {
          status: failed ? 500 : c.res.status,
          headers: failed ? null : c.res.headers,
          preview: c.get("preview"),
          requestId,
          started,
        });
      }
    }
  };
}
