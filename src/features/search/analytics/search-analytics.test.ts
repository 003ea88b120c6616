import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../../app/create-app";
import type { Bindings } from "../../../env";
import { fillSearchGaps, searchGapsFilledKey, searchGapsIntervalMs } from "./gaps.server";
import { resetSearchIndexMemo } from "../site-index.server";
import { scheduled } from "../../../app/scheduled.server";
import { mockDirectus, request, resetContentState, testSecrets } from "../../../../test/worker/helpers";

/*
 * Search analytics: the search dialog's and the search page's searches and clicks reach
 * SEARCH_EVENTS through /api/collect (with analytics consent only); the cron copies the searches
 * that found nothing into the CMS (search_gaps) from the SQL API.
 */

beforeEach(async () => {
  await resetContentState();
  resetSearchIndexMemo();
});

/** A dataset double: records what is written. */
function dataset() {
  const points: AnalyticsEngineDataPoint[] = [];
  return {
    points,
    binding: { writeDataPoint: (point?: AnalyticsEngineDataPoint) => void points.push(point ?? {}) } as AnalyticsEngineDataset,
  };
}

const app = createApp({ pageCache: false, content: { fetch: mockDirectus().fetch } });
const visitorIp = "203.0.113.77";
const visitorId = "5f0c9a51-visitor-id-3d1e";
const userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36";
const allowAll = { limit: async () => ({ success: true }) } as RateLimit;

async function collect(body: unknown, { cookie = `meridian_consent=all; meridian_aid=${visitorId}` } = {}) {
  const searches = dataset();
  const views = dataset();
  const response = await request("/api/collect", {
    app,
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", Cookie: cookie, "CF-Connecting-IP": visitorIp, "User-Agent": userAgent },
    body: JSON.stringify(body),
    env: { SEARCH_EVENTS: searches.binding, PAGE_VIEWS: views.binding, COLLECT_LIMITER: allowAll },
  });
  return { status: response.status, searches: searches.points, views: views.points };
}

describe("a search from the dialog (POST /api/collect, type search)", () => {
  it("writes one point: the normalised query, the results the index finds and their kinds, the source", async () => {
    const { status, searches } = await collect({ type: "search", source: "dialog", q: "  Kubernetes   GPU " });
    expect(status).toBe(204);
    expect(searches).toHaveLength(1);
    const [point] = searches;
    expect(point!.indexes).toEqual(["kubernetes gpu"]);
    expect(point!.blobs![0]).toBe("search");
    expect(point!.blobs![1]).toBe("kubernetes gpu");
    expect(point!.blobs![2]).toBe("dialog");
    expect(point!.blobs![3]).toMatch(/^(doc|post|job|event|page)(,(doc|post|job|event|page))*$/);
    expect(point!.blobs![4]).toBe("");
    expect(point!.doubles![0]).toBeGreaterThan(0);
    expect(point!.doubles![1]).toBe(0);
  });

  it("counts a search that finds nothing with 0 results and no kinds", async () => {
    const { searches } = await collect({ type: "search", source: "dialog", q: "zzqx flibbertigibbet" });
    expect(searches).toHaveLength(1);
    expect(searches[0]!.blobs!.slice(0, 4)).toEqual(["search", "zzqx flibbertigibbet", "dialog", ""]);
    expect(searches[0]!.doubles).toEqual([0, 0]);
  });

  it("never stores who searched: no IP address, user agent, cookie or visitor id", async () => {
    const { searches } = await collect({ type: "search", source: "dialog", q: "gpu", id: visitorId });
    const written = JSON.stringify(searches);
    for (const forbidden of [visitorIp, visitorId, "Chrome", "meridian_"]) expect(written).not.toContain(forbidden);
  });

  it("drops a query that looks like personal data, and cuts a long one to 64 characters", async () => {
    for (const q of ["jane.doe@example.com", "invoice 4111111111111111", "+49 151 2345 6789"]) {
      const { status, searches } = await collect({ type: "search", source: "dialog", q });
      expect(status).toBe(204);
      expect(searches).toEqual([]);
    }
    const long = await collect({ type: "search", source: "dialog", q: "gpu ".repeat(40) });
    expect(long.searches[0]!.blobs![1]).toBe("gpu ".repeat(16).trim());
  });

  it.each([
    ["no cookie", ""],
    ["necessary cookies only", "meridian_consent=necessary"],
  ])("without analytics consent (%s): 204 and nothing written", async (_name, cookie) => {
    const search = await collect({ type: "search", source: "dialog", q: "gpu" }, { cookie });
    const click = await collect({ type: "search_click", source: "dialog", q: "gpu", kind: "doc", position: 1 }, { cookie });
    expect([search.status, click.status]).toEqual([204, 204]);
    expect([...search.searches, ...click.searches]).toEqual([]);
  });

  it("refuses a beacon of the wrong shape with 400", async () => {
    for (const body of [
      { type: "search", source: "mcp", q: "gpu" },
      { type: "search", source: "dialog" },
      { type: "search_click", source: "dialog", q: "gpu", kind: "video", position: 1 },
      { type: "search_click", source: "page", q: "gpu", kind: "doc", position: 0 },
      { type: "pageview", source: "page", q: "gpu" },
    ]) {
      const { status, searches } = await collect(body);
      expect(status).toBe(400);
      expect(searches).toEqual([]);
    }
  });
});

describe("a click on a result", () => {
  it("writes one click point with the query, the result's kind and position", async () => {
    const { status, searches } = await collect({ type: "search_click", source: "dialog", q: "GPU  Nodes", kind: "doc", position: 3 });
    expect(status).toBe(204);
    expect(searches).toEqual([{ indexes: ["gpu nodes"], blobs: ["click", "gpu nodes", "dialog", "doc", ""], doubles: [0, 3] }]);
  });
});

describe("a search on the search page (its page view carries the query string)", () => {
  it("writes the page view without the query and a search point with source page and the kind asked for", async () => {
    const { status, views, searches } = await collect({ id: visitorId, path: "/search", search: "?q=Kubernetes&kind=job" });
    expect(status).toBe(204);
    expect(views).toHaveLength(1);
    expect(views[0]!.blobs![0]).toBe("/search");
    expect(searches).toHaveLength(1);
    expect(searches[0]!.blobs!.slice(0, 3)).toEqual(["search", "kubernetes", "page"]);
    expect(searches[0]!.blobs![4]).toBe("job");
    expect(searches[0]!.doubles![0]).toBeGreaterThan(0);
  });

  it("a search limited to a kind with nothing of it counts 0 results but keeps the kinds found: not a gap", async () => {
    const { searches } = await collect({ id: visitorId, path: "/search", search: "?q=quickstart&kind=event" });
    expect(searches[0]!.doubles![0]).toBe(0);
    expect(searches[0]!.blobs![3]).toContain("doc");
    expect(searches[0]!.blobs![4]).toBe("event");
  });

  it("writes no search point for another page's view, nor without consent", async () => {
    expect((await collect({ id: visitorId, path: "/blog", search: "?q=gpu" })).searches).toEqual([]);
    const unconsented = await collect({ id: visitorId, path: "/search", search: "?q=gpu" }, { cookie: "" });
    expect([...unconsented.views, ...unconsented.searches]).toEqual([]);
  });
});

/** Cloudflare's SQL API and Directus' items API for `search_gaps`, in memory. */
function fakeUpstreams(rows: Record<string, unknown>[]) {
  type Gap = { id: number; query: string; count: number; last_seen: string; status: string };
  const gaps: Gap[] = [];
  const sql: { body: string; authorization: string | null }[] = [];
  const directus: { method: string; path: string; authorization: string | null }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const outgoing = new Request(input, init);
    const url = new URL(outgoing.url);
    if (url.host === "sql.test") {
      sql.push({ body: await outgoing.text(), authorization: outgoing.headers.get("authorization") });
      return Response.json({ data: rows });
    }
    directus.push({ method: outgoing.method, path: url.pathname, authorization: outgoing.headers.get("authorization") });
    if (outgoing.method === "GET") {
      const wanted = (JSON.parse(url.searchParams.get("filter")!) as { query: { _in: string[] } }).query._in;
      return Response.json({ data: gaps.filter((gap) => wanted.includes(gap.query)).map(({ id, query }) => ({ id, query })) });
    }
    const items = (await outgoing.json()) as Gap[];
    if (outgoing.method === "POST") for (const item of items) gaps.push({ ...item, status: item.status ?? "new", id: gaps.length + 1 });
    if (outgoing.method === "PATCH") for (const item of items) Object.assign(gaps.find((gap) => gap.id === item.id)!, item);
    return Response.json({ data: items.map((_, index) => ({ id: index + 1 })) });
  }) as typeof globalThis.fetch;
  return { fetch, gaps, sql, directus };
}

const cronEnv = (): Bindings =>
  ({
    ...env,
    ...testSecrets,
    CLOUDFLARE_ACCOUNT_ID: "acc",
    ANALYTICS_API_TOKEN: "analytics-token",
    ANALYTICS_API_BASE_URL: "https://sql.test/client/v4",
  }) as Bindings;

describe("the search-gaps cron (Analytics Engine → search_gaps in the CMS)", () => {
  const hour = Date.parse("2026-11-27T10:00:00Z");

  it("creates the queries that found nothing as new, then updates their counts and keeps the editor's status", async () => {
    const first = fakeUpstreams([
      { query: "h200 pricing", searches: "12", last_seen: "2026-11-27 09:41:07" },
      { query: "slurm on k8s", searches: "3", last_seen: "2026-11-26 18:02:00" },
    ]);
    expect(await fillSearchGaps(cronEnv(), { now: hour, fetch: first.fetch })).toBe(2);
    expect(first.sql).toHaveLength(1);
    expect(first.sql[0]!.authorization).toBe("Bearer analytics-token");
    expect(first.sql[0]!.body).toMatch(
      /FROM meridian_search\s+WHERE timestamp > NOW\(\) - INTERVAL '30' DAY AND \(\(blob1 = 'search' AND double1 = 0 AND blob4 = ''\) OR \(blob1 = 'ask' AND blob4 = 'refused'\) OR \(blob1 = 'ask_vote' AND blob4 = 'unhelpful'\)\)/,
    );
    expect(first.directus.every((call) => call.authorization === `Bearer ${testSecrets.DIRECTUS_SUBMISSIONS_TOKEN}`)).toBe(true);
    expect(first.gaps).toEqual([
      { id: 1, query: "h200 pricing", count: 12, last_seen: "2026-11-27T09:41:07.000Z", status: "new" },
      { id: 2, query: "slurm on k8s", count: 3, last_seen: "2026-11-26T18:02:00.000Z", status: "new" },
    ]);

    // Within the hour: nothing asked.
    expect(await fillSearchGaps(cronEnv(), { now: hour + 60_000, fetch: first.fetch })).toBeNull();
    expect(first.sql).toHaveLength(1);

    // An hour later: the known query is updated, its status (set by an editor) kept.
    first.gaps[0]!.status = "handled";
    const later = fakeUpstreams([{ query: "h200 pricing", searches: "15", last_seen: "2026-11-27 10:30:00" }]);
    later.gaps.push(...first.gaps);
    expect(await fillSearchGaps(cronEnv(), { now: hour + searchGapsIntervalMs, fetch: later.fetch })).toBe(1);
    expect(later.directus.map((call) => call.method)).toEqual(["GET", "PATCH"]);
    expect(later.gaps[0]).toEqual({ id: 1, query: "h200 pricing", count: 15, last_seen: "2026-11-27T10:30:00.000Z", status: "handled" });
  });

  it("is one of the cron's jobs: a run of the scheduled handler fills the gaps beside the other jobs", async () => {
    const upstreams = fakeUpstreams([{ query: "infiniband topology", searches: "5", last_seen: "2026-11-27 09:12:00" }]);
    const directus = mockDirectus();
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input);
      return url.host === "sql.test" || url.pathname.startsWith("/items/search_gaps")
        ? upstreams.fetch(input, init)
        : directus.fetch(input, init);
    }) as typeof globalThis.fetch;
    const ctx = createExecutionContext();
    await scheduled({ scheduledTime: hour, cron: "* * * * *" }, cronEnv(), ctx, { fetch });
    await waitOnExecutionContext(ctx);
    expect(upstreams.gaps).toMatchObject([{ query: "infiniband topology", count: 5, status: "new" }]);
  });

  it("never copies a row that looks like personal data, even one written before the rule", async () => {
    const upstreams = fakeUpstreams([
      { query: "jane@example.com", searches: "4", last_seen: "2026-11-27 09:00:00" },
      { query: "order 12345678", searches: "2", last_seen: "2026-11-27 09:00:00" },
      { query: "b300 availability", searches: "1", last_seen: "2026-11-27 09:00:00" },
    ]);
    expect(await fillSearchGaps(cronEnv(), { now: hour, fetch: upstreams.fetch })).toBe(1);
    expect(upstreams.gaps.map((gap) => gap.query)).toEqual(["b300 availability"]);
  });

  it("does nothing without the account or the analytics token (local development)", async () => {
    const upstreams = fakeUpstreams([{ query: "gpu", searches: "1", last_seen: "2026-11-27 09:00:00" }]);
    const { ANALYTICS_API_TOKEN: _token, ...withoutToken } = cronEnv();
    expect(await fillSearchGaps(withoutToken as Bindings, { now: hour, fetch: upstreams.fetch })).toBeNull();
    expect([...upstreams.sql, ...upstreams.directus]).toEqual([]);
  });

  it("tries again at the next run when the SQL API fails", async () => {
    const failing = (async () => new Response("no", { status: 503 })) as unknown as typeof fetch;
    await expect(fillSearchGaps(cronEnv(), { now: hour, fetch: failing })).rejects.toThrow(/answered 503/);
    expect(await env.CONTENT_CACHE.get(searchGapsFilledKey)).toBeNull();
    const upstreams = fakeUpstreams([{ query: "gpu quota", searches: "1", last_seen: "2026-11-27 09:00:00" }]);
    expect(await fillSearchGaps(cronEnv(), { now: hour + 60_000, fetch: upstreams.fetch })).toBe(1);
  });
});
