import type { Bindings } from "../../../env";
import { submissionsToken } from "../../../content/create-once.server";
import { logLine } from "../../../lib/log";
import type { ScheduledJob } from "../../../router/feature.server";
import { analyticsQuery } from "./query";

/*
 * Search gaps: the searches that found nothing, copied from Analytics Engine (SEARCH_EVENTS,
 * through Cloudflare's SQL API) into the CMS collection `search_gaps`, where editors see what
 * readers look for and the site does not answer (query, searches in the last 30 days, last
 * seen, status new/handled). Run by the cron once an hour; an editor's status is kept.
 */

/** KV key: when the gaps were last filled (ISO time). */
export const searchGapsFilledKey = "search-gaps:filled-at";
export const searchGapsIntervalMs = 60 * 60 * 1000;
/** The searches counted: this many days back. */
const searchGapsWindowDays = 30;
/** The most frequent gaps copied per run. */
const searchGapsLimit = 100;
/** Directus' filter `_in` takes this many queries per read (keeps the URL short). */
const readChunk = 25;

interface SearchGap {
  query: string;
  count: number;
  /** ISO time of the latest search that found nothing. */
  lastSeen: string;
}

/**
 * The SQL the cron sends: the queries that found nothing, most searched first. Questions asked
 * of the docs count too when the docs did not answer them or a reader said the answer did not
 * help (decision 031): the same column, so a question and a search of the same words add up.
 */
function searchGapsSql(dataset: string): string {
  return `SELECT blob2 AS query, SUM(_sample_interval) AS searches, MAX(timestamp) AS last_seen
FROM ${dataset}
WHERE timestamp > NOW() - INTERVAL '${searchGapsWindowDays}' DAY AND ((blob1 = 'search' AND double1 = 0 AND blob4 = '') OR (blob1 = 'ask' AND blob4 = 'refused') OR (blob1 = 'ask_vote' AND blob4 = 'unhelpful'))
GROUP BY query
ORDER BY searches DESC
LIMIT ${searchGapsLimit}
FORMAT JSON`;
}

/** Analytics Engine's times are "YYYY-MM-DD HH:MM:SS" in UTC. */
function isoTime(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const time = Date.parse(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(value) ? `${value.replace(" ", "T")}Z` : value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The rows of the SQL API's answer as gaps; a row that does not pass the normaliser again is dropped. */
function searchGapsFrom(rows: unknown): SearchGap[] {
  if (!Array.isArray(rows)) return [];
  const gaps = new Map<string, SearchGap>();
  for (const row of rows as { query?: unknown; searches?: unknown; last_seen?: unknown }[]) {
    const query = analyticsQuery(row?.query);
    const count = Math.round(Number(row?.searches));
    const lastSeen = isoTime(row?.last_seen);
    if (!query || !Number.isFinite(count) || count < 1 || !lastSeen) continue;
    const known = gaps.get(query);
    gaps.set(
      query,
      known
        ? { query, count: known.count + count, lastSeen: known.lastSeen.localeCompare(lastSeen) > 0 ? known.lastSeen : lastSeen }
        : { query, count, lastSeen },
    );
  }
  return [...gaps.values()];
}

interface FillOptions {
  now: number;
  fetch?: typeof fetch;
}

/**
 * Fills `search_gaps` when an hour has passed since the last fill: reads the gaps from the SQL
 * API, then creates the new queries (status "new") and updates the count and last search of
 * the known ones, with the site's token. Returns how many were written; null when not due or
 * not configured (no account, analytics token or site token: local development).
 */
export async function fillSearchGaps(env: Bindings, { now, fetch: fetcher = fetch }: FillOptions): Promise<number | null> {
  const token = submissionsToken(env);
  if (!env.CLOUDFLARE_ACCOUNT_ID || !env.ANALYTICS_API_TOKEN || !token || !env.SEARCH_EVENTS_DATASET) return null;
  if (!/^\w+$/.test(env.SEARCH_EVENTS_DATASET)) throw new Error(`unexpected dataset name: ${env.SEARCH_EVENTS_DATASET}`);
  const kv = env.CONTENT_CACHE;
  const last = await kv.get(searchGapsFilledKey);
  if (last && now - Date.parse(last) < searchGapsIntervalMs) return null;
  // Claimed first: a run that overlaps this one (the cron fires every minute) leaves it alone.
  await kv.put(searchGapsFilledKey, new Date(now).toISOString());
  try {
    const gaps = searchGapsFrom(await readSql(env, searchGapsSql(env.SEARCH_EVENTS_DATASET), fetcher));
    if (gaps.length) await storeGaps(env, token, gaps, fetcher);
    return gaps.length;
  } catch (error) {
    // Not filled: the next minute's run tries again.
    await kv.delete(searchGapsFilledKey);
    throw error;
  }
}

async function readSql(env: Bindings, sql: string, fetcher: typeof fetch): Promise<unknown> {
  const base = (env.ANALYTICS_API_BASE_URL || "https://api.cloudflare.com/client/v4").replace(/\/$/, "");
  const response = await fetcher(`${base}/accounts/${encodeURIComponent(env.CLOUDFLARE_ACCOUNT_ID!)}/analytics_engine/sql`, {
    method: "POST",
    headers: { Authorization: `Bearer ${env.ANALYTICS_API_TOKEN}` },
    body: sql,
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`The Analytics Engine SQL API answered ${response.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data?: unknown }).data;
}

async function storeGaps(env: Bindings, token: string, gaps: SearchGap[], fetcher: typeof fetch): Promise<void> {
  const directus = async (method: string, path: string, body?: unknown) => {
    const response = await fetcher(new URL(path, env.API_BASE_URL), {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Directus answered ${response.status} to ${method} ${path.split("?")[0]}: ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as { data?: unknown }).data : undefined;
  };
  const known = new Map<string, string | number>();
  for (let start = 0; start < gaps.length; start += readChunk) {
    const queries = gaps.slice(start, start + readChunk).map((gap) => gap.query);
    const params = new URLSearchParams({ filter: JSON.stringify({ query: { _in: queries } }), fields: "id,query", limit: "-1" });
    const items = (await directus("GET", `/items/search_gaps?${params}`)) as { id: string | number; query: string }[] | undefined;
    for (const item of items ?? []) known.set(item.query, item.id);
  }
  const created = gaps.filter((gap) => !known.has(gap.query));
  const updated = gaps.filter((gap) => known.has(gap.query));
  if (created.length) {
    await directus(
      "POST",
      "/items/search_gaps?fields=id",
      // The status is Directus' default ("new"): the site's token may not set it.
      created.map((gap) => ({ query: gap.query, count: gap.count, last_seen: gap.lastSeen })),
    );
  }
  if (updated.length) {
    await directus(
      "PATCH",
      "/items/search_gaps?fields=id",
      updated.map((gap) => ({ id: known.get(gap.query), count: gap.count, last_seen: gap.lastSeen })),
    );
  }
}

/** Once an hour: the searches that found nothing, from Analytics Engine into the CMS for editors (search_gaps). */
export const fillSearchGapsJob: ScheduledJob = {
  name: "fill-search-gaps",
  async run(env, { scheduledTime, fetch }) {
    const written = await fillSearchGaps(env, { now: scheduledTime, ...(fetch ? { fetch } : {}) });
    if (written !== null) logLine("info", "search_gaps_filled", { count: written });
  },
};
