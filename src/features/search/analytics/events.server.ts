import type { Context } from "hono";
import type { AppEnv, Bindings } from "../../../env";
import { errorFields, logLine } from "../../../lib/log";
import { isSearchKind, searchKinds, type SearchKind } from "../documents";
import { maxLimit } from "../engine";
import { siteSearchQuery } from "../operation";
import { analyticsQuery } from "./query";

/*
 * Search analytics in Workers Analytics Engine (binding SEARCH_EVENTS), one point per event:
 *   index1   the query (its first 96 bytes: Analytics Engine's limit for an index)
 *   blob1    "search" or "click"
 *   blob2    the query, normalised and cut (analyticsQuery): never an e-mail address or a number
 *   blob3    where: "dialog", "page" or "mcp"
 *   blob4    a search: the kinds that had results, whatever kind was asked for, comma-separated
 *            ("doc,post"); a click: the result's kind
 *   blob5    a search: the kind it was limited to ("" for all)
 *   double1  a search: how many results it found, of the kind asked for (0 with no kinds in
 *            blob4: nothing at all, a gap for the editors)
 *   double2  a click: the result's position, from 1
 * Questions asked of the docs (decision 031) are points of the same dataset:
 *   blob1    "ask" (a question and its outcome) or "ask_vote" (a reader's verdict on an answer)
 *   blob2    the question, normalised and cut like a query (analyticsQuery: dropped when it holds
 *            an e-mail address, a long number or something like a key)
 *   blob3    "dialog" (POST /api/ask) or "page" (/ask)
 *   blob4    "answered" or "refused"; a vote: "helpful" or "unhelpful"
 *   double1  an answer's citations (0 for a refusal)
 * No IP address, user agent, cookie or visitor id: a point says what was searched, not who did.
 * Read by `npm run analytics -- --report searches|zero-results` and the search-gaps cron job.
 */

/** Where a search was made: the header's dialog, the /search page, or an AI tool through /mcp. */
type SearchSource = "dialog" | "page" | "mcp";
const visitorSources = ["dialog", "page"] as const;
type VisitorSource = (typeof visitorSources)[number];

export interface SearchPoint {
  query: string;
  results: number;
  /** The kinds that had results. */
  kinds: readonly string[];
  /** The kind the search was limited to; "" for all. */
  kindFilter: string;
  source: SearchSource;
}

interface SearchClickPoint {
  query: string;
  kind: SearchKind;
  /** The result's position in the list, from 1. */
  position: number;
  source: VisitorSource;
}

/** Analytics Engine allows one index of at most 96 bytes. */
const maxIndexBytes = 96;
const encoder = new TextEncoder();

function indexOf(query: string): string {
  if (encoder.encode(query).length <= maxIndexBytes) return query;
  let out = "";
  let bytes = 0;
  for (const char of query) {
    bytes += encoder.encode(char).length;
    if (bytes > maxIndexBytes) break;
    out += char;
  }
  return out;
}

/** Writes one point; a missing or failing binding loses the point, never the request. */
function write(env: Bindings, blobs: string[], doubles: number[], query: string): void {
  const dataset = env.SEARCH_EVENTS as AnalyticsEngineDataset | undefined;
  if (!dataset) return;
  try {
    // writeDataPoint is synchronous and sends in the background: nothing to await.
    dataset.writeDataPoint({ indexes: [indexOf(query)], blobs, doubles });
  } catch (error) {
    logLine("warn", "search_point_not_written", errorFields(error));
  }
}

export function writeSearchPoint(env: Bindings, point: SearchPoint): void {
  write(env, ["search", point.query, point.source, point.kinds.join(","), point.kindFilter], [point.results, 0], point.query);
}

function writeSearchClick(env: Bindings, click: SearchClickPoint): void {
  write(env, ["click", click.query, click.source, click.kind, ""], [0, click.position], click.query);
}

/** Where a question was asked: the dialog's Ask mode (the API) or the plain /ask page. */
type AskSource = "dialog" | "page";

/** A question and its outcome; a question that looks like personal data or a secret is not written. */
export function writeAskPoint(env: Bindings, point: { question: string; answered: boolean; citations: number; source: AskSource }): void {
  const query = analyticsQuery(point.question);
  if (!query) return;
  write(env, ["ask", query, point.source, point.answered ? "answered" : "refused", ""], [point.answered ? point.citations : 0, 0], query);
}

/** A reader's 👍/👎 on an answer, from the dialog (sent to /api/collect with analytics consent). */
export type AskVoteBeacon = {
  type: "ask_vote";
  source: AskSource;
  q: string;
  helpful: boolean;
};

export function isAskVoteBeacon(body: Record<string, unknown>): body is AskVoteBeacon {
  return (
    body.type === "ask_vote" &&
    (body.source === "dialog" || body.source === "page") &&
    typeof body.q === "string" &&
    typeof body.helpful === "boolean"
  );
}

export function recordAskVote(env: Bindings, vote: AskVoteBeacon): void {
  const query = analyticsQuery(vote.q);
  if (query) write(env, ["ask_vote", query, vote.source, vote.helpful ? "helpful" : "unhelpful", ""], [0, 0], query);
}

/** The kinds with at least one result, in the index's order. */
export const kindsFound = (counts: Record<SearchKind, number>): SearchKind[] => searchKinds.filter((kind) => counts[kind] > 0);

/**
 * Records a visitor's search (the dialog's or the search page's): the worker runs it again for
 * the number of results and their kinds, so every source counts them the same way and a beacon
 * cannot claim them. An editor's preview is not a visitor's search: not recorded.
 */
async function recordVisitorSearch(c: Context<AppEnv>, raw: unknown, kind: unknown, source: VisitorSource): Promise<void> {
  const query = analyticsQuery(raw);
  if (!query || c.get("preview")) return;
  const kindFilter = isSearchKind(kind) ? kind : "";
  const { siteSearch } = await c.get("content").query(siteSearchQuery, {
    q: typeof raw === "string" ? raw.slice(0, 200) : query,
    limit: 1,
    ...(kindFilter ? { kind: kindFilter } : {}),
  });
  writeSearchPoint(c.env, { query, results: siteSearch.total, kinds: kindsFound(siteSearch.counts), kindFilter, source });
}

/** What a search beacon may say; anything else is refused. */
export type SearchBeacon =
  | { type: "search"; source: VisitorSource; q: string; kind?: string }
  | { type: "search_click"; source: VisitorSource; q: string; kind: string; position: number };

const isVisitorSource = (value: unknown): value is VisitorSource => visitorSources.includes(value as VisitorSource);

/** True when `body` is a search beacon (`type` search or search_click) of the right shape. */
export function isSearchBeacon(body: Record<string, unknown>): body is SearchBeacon {
  if (!isVisitorSource(body.source) || typeof body.q !== "string") return false;
  if (body.type === "search") return body.kind === undefined || typeof body.kind === "string";
  return (
    body.type === "search_click" &&
    isSearchKind(body.kind) &&
    typeof body.position === "number" &&
    Number.isInteger(body.position) &&
    body.position >= 1 &&
    body.position <= maxLimit
  );
}

/**
 * Records a search beacon from the browser (sent to /api/collect with analytics consent; the
 * collector checks the consent cookie before calling this). A search failing to run loses the
 * point, never the request.
 */
export async function recordSearchBeacon(c: Context<AppEnv>, beacon: SearchBeacon): Promise<void> {
  if (beacon.type === "search_click") {
    const query = analyticsQuery(beacon.q);
    if (query) writeSearchClick(c.env, { query, kind: beacon.kind as SearchKind, position: beacon.position, source: beacon.source });
    return;
  }
  await recordVisitorSearch(c, beacon.q, beacon.kind, beacon.source).catch((error) =>
    logLine("warn", "search_point_not_written", errorFields(error)),
  );
}

/** The search page's query string (`?q=&kind=`) sent beside its page view: a search made on the page. */
export async function recordSearchPageView(c: Context<AppEnv>, search: string): Promise<void> {
  const params = new URLSearchParams(search.slice(0, 1000));
  await recordSearchBeacon(c, { type: "search", source: "page", q: params.get("q") ?? "", kind: params.get("kind") ?? undefined });
}
