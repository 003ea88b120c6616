import type { Content } from "../../content/content.server";
import { operationCollections } from "../../content/generated/operations";
import { generationOf, memoizedGeneration } from "../../content/generations.server";
import { redirectsQuery } from "./queries";
import { logLine } from "../../lib/log";
import { acceptRedirects, buildRedirectMap, findRedirect, type RedirectMap, type RedirectRule } from "./redirect-map";

/**
 * The redirect map: compiled from every active redirect in Directus when the CMS reports a change
 * (the webhook of redirects, pages, posts or site settings), kept in KV under the content
 * generation it was built from, and copied into each isolate, so a request costs a map lookup.
 * KV reaches every Cloudflare location within about a minute; the location that took the
 * webhook serves the new map at once.
 */
const storeKey = "redirects:map";
/** Directus' largest page (QUERY_LIMIT_MAX); a site with more redirects takes several reads. */
const pageSize = 500;
/** A bound, not a target: 100 pages of 500. */
const maxPages = 100;

/** The collections a redirect map is built from (what its query reads). */
export const redirectCollections: readonly string[] = operationCollections.Redirects;

interface StoredMap {
  generation: string;
  rules: RedirectRule[];
}

let isolateCopy: { generation: string; map: RedirectMap } | null = null;
let compiling: { generation: string; done: Promise<RedirectMap> } | null = null;
/** After a failed compilation (Directus down), requests do not try again for a while. */
let failed: { generation: string; at: number } | null = null;
const retryAfterMs = 10_000;

/** The stored map's KV read under way: a burst of requests in a fresh isolate shares one. */
let readingStored: Promise<StoredMap | null> | null = null;

function readStoredMap(kv: KVNamespace): Promise<StoredMap | null> {
  if (readingStored) return readingStored;
  const read = kv.get<StoredMap>(storeKey, "json");
  const forget = () => {
    if (readingStored === read) readingStored = null;
  };
  read.then(forget, forget);
  readingStored = read;
  return read;
}

/** Tests: forget the isolate's copy. */
export function clearRedirectMemo(): void {
  isolateCopy = null;
  compiling = null;
  failed = null;
  readingStored = null;
}

/** Reads every active redirect (page by page) and keeps the ones that pass the checks. */
async function readRules(content: Content): Promise<RedirectRule[]> {
  const rows = [];
  let hosts: string[] = [];
  for (let page = 0; page < maxPages; page++) {
    const data = await content.query(redirectsQuery, { limit: pageSize, offset: page * pageSize });
    rows.push(...data.redirects);
    const configured = data.site_settings?.redirect_hosts;
    if (Array.isArray(configured)) hosts = configured.map(String);
    if (data.redirects.length < pageSize) break;
  }
  const { rules, refused } = acceptRedirects(rows, hosts);
  for (const { id, problem } of refused) logLine("warn", "redirect_ignored", { id, problem });
  return rules;
}

/** Compiles the map for the current content and stores it; one compilation per isolate at a time. */
function compileRedirectMap(kv: KVNamespace, content: Content, generation: string): Promise<RedirectMap> {
  if (compiling?.generation === generation) return compiling.done;
  const done = (async () => {
    const rules = await readRules(content);
    const map = buildRedirectMap(rules);
    await kv.put(storeKey, JSON.stringify({ generation, rules } satisfies StoredMap));
    isolateCopy = { generation, map };
    return map;
  })();
  compiling = { generation, done };
  done
    .catch(() => {})
    .finally(() => {
      if (compiling?.done === done) compiling = null;
    });
  return done;
}

/** After a CMS change: the map for the new generation, built now so that no visitor waits for it. */
export async function rebuildRedirectMap(kv: KVNamespace, content: Content): Promise<void> {
  await compileRedirectMap(kv, content, await generationOf(kv, redirectCollections));
}

/**
 * The map for this request: the isolate's copy if current, else KV's. A newer map compiles after
 * the response while the older one answers (stale while revalidating); with no map at all the
 * request is served without redirects, so a slow or failing Directus never delays a page here.
 * `compileLater` gets that compilation to start once the page's own content is read (both ask
 * Directus, which answers one at a time). The CMS webhook compiles the map before visitors need it.
 */
export async function currentRedirectMap(
  kv: KVNamespace,
  content: () => Content,
  compileLater: (compile: () => Promise<void>) => void,
  now = Date.now(),
): Promise<RedirectMap | null> {
  const generation = await generationOf(kv, redirectCollections);
  if (isolateCopy?.generation === generation) return isolateCopy.map;
  const stored = await readStoredMap(kv);
  if (stored?.generation === generation) {
    if (isolateCopy?.generation !== generation) isolateCopy = { generation, map: buildRedirectMap(stored.rules) };
    return isolateCopy.map;
  }
  const tried = compiling?.generation === generation || (failed?.generation === generation && now - failed.at < retryAfterMs);
  if (!tried) {
    compileLater(() =>
      compileRedirectMap(kv, content(), generation).then(
        () => {},
        (error: unknown) => {
          failed = { generation, at: now };
          logLine("warn", "redirects_not_compiled", { message: error instanceof Error ? error.message : String(error) });
        },
      ),
    );
  }
  return isolateCopy?.map ?? (stored ? buildRedirectMap(stored.rules) : null);
}

/**
 * Whether `url` is surely not redirected, from the isolate's copy alone (no KV read): false when
 * it is redirected or when the copy may be out of date.
 */
export function surelyNotRedirected(url: URL, now = Date.now()): boolean {
  const generation = memoizedGeneration(redirectCollections, now);
  return generation !== null && isolateCopy?.generation === generation && findRedirect(isolateCopy.map, url) === null;
}
