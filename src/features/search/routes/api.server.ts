import { sha256Hex } from "../../../lib/digest";
import { Hono } from "hono";
import type { AppEnv } from "../../../env";
import { isSearchKind, searchKinds } from "../documents";
import { maxLimit, maxQueryLength, normalizeQuery } from "../engine";
import { siteSearchQuery } from "../operation";
// An API version's name as the CMS accepts it (`v1`, `v2` …).
import { apiVersionPattern as apiVersionName } from "../../../../cms/extensions/api-reference/process.mjs";

const problem = (message: string) => ({ error: message });

/**
 * GET /api/search?q=&kind=&limit=&version= — the site search as JSON (the search dialog's
 * source): ranked results with highlighted title and snippet segments, and a count per kind.
 * `version` (`v1`) finds that API version's reference pages instead of the latest's. Answers
 * are cacheable per query and index: the ETag names both.
 */
export const searchRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const raw = c.req.query("q") ?? "";
  const { query, truncated } = normalizeQuery(raw);
  if (truncated) return c.json(problem(`The search text is longer than ${maxQueryLength} characters; shorten it.`), 400);
  const kind = c.req.query("kind");
  if (kind !== undefined && kind !== "" && !isSearchKind(kind)) {
    return c.json(problem(`"kind" must be one of ${searchKinds.join(", ")}.`), 400);
  }
  const limitText = c.req.query("limit");
  const limit = limitText === undefined || limitText === "" ? undefined : Number(limitText);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= maxLimit)) {
    return c.json(problem(`"limit" must be a whole number from 1 to ${maxLimit}.`), 400);
  }
  const version = c.req.query("version") || undefined;
  if (version !== undefined && !apiVersionName.test(version)) {
    return c.json(problem(`"version" must name an API version, such as v1.`), 400);
  }

  const { siteSearch } = await c
    .get("content")
    .query(siteSearchQuery, { q: query, ...(kind ? { kind } : {}), ...(limit ? { limit } : {}), ...(version ? { version } : {}) });
  if (c.get("preview")) {
    c.header("Cache-Control", "private, no-store");
  } else {
    const etag = `"${siteSearch.indexedAt}:${await digest(`${query}\n${kind ?? ""}\n${limit ?? ""}\n${version ?? ""}`)}"`;
    c.header("ETag", etag);
    c.header("Cache-Control", "public, max-age=30, s-maxage=60");
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  }
  const { indexedAt: _indexedAt, ...outcome } = siteSearch;
  return c.json(outcome);
});

const digest = (text: string) => sha256Hex(text, 8);
