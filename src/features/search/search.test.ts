import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app";
import { siteSearchQuery } from "./operation";
import { resetSearchIndexMemo } from "./site-index.server";
import { searchPosts } from "../../../test/worker/fixtures/search";
import { searchPostsChunk } from "../blog/queries";
import {
  byIdsAnswer,
  mockDirectus,
  request,
  resetContentState,
  searchPostsAnswer,
  testSecrets,
  type UpstreamCall,
} from "../../../test/worker/helpers";

beforeEach(async () => {
  await resetContentState();
  resetSearchIndexMemo();
  await env.CONTENT_CACHE.delete("search:current");
});

interface ApiOutcome {
  results: { kind: string; url: string; title: { text: string; match: boolean }[]; snippet: { text: string; match: boolean }[] }[];
  counts: Record<string, number>;
  total: number;
  query: string;
}

const api = async (query: string, init: Parameters<typeof request>[1] = {}) => {
  const response = await request(`/api/search?${query}`, init);
  return { response, body: (await response.json()) as ApiOutcome & { error?: string } };
};

describe("GET /api/search", () => {
  it("finds through typos, in any word order and by the prefix of the last word, with highlights", async () => {
    const typo = await api("q=kubernets");
    expect(typo.response.status).toBe(200);
    expect(typo.body.results.map((result) => result.url)).toContain("/careers/gpu-scheduler-engineer");
    expect(
      typo.body.results[0]!.title.some((segment) => segment.match) || typo.body.results[0]!.snippet.some((segment) => segment.match),
    ).toBe(true);

    const schedulng = await api("q=schedulng");
    expect(schedulng.body.results.map((result) => result.url)).toContain("/blog/topology-aware-scheduling");

    const reordered = await api("q=on-demand%20reserved%20gpus");
    expect(reordered.body.results[0]!.url).toBe("/blog/reserved-or-on-demand-gpus");
    expect((await api("q=gpus%20reserved%20on-demand")).body.results[0]!.url).toBe("/blog/reserved-or-on-demand-gpus");

    const prefix = await api("q=quicksta");
    expect(prefix.body.results[0]!.url).toMatch(/^\/docs\/getting-started\/quickstart/);
  });

  it("deep-links doc sections to their heading, counts per kind and filters by kind", async () => {
    const { body } = await api("q=first%20call");
    expect(body.results[0]!.url).toBe("/docs/getting-started/quickstart#make-your-first-call");
    expect(body.counts.doc).toBeGreaterThan(0);
    const jobs = await api("q=kubernetes&kind=job");
    expect(jobs.body.results.every((result) => result.kind === "job")).toBe(true);
    expect(jobs.body.counts.event).toBe(1); // counts ignore the filter, for the tabs
  });

  it("ranks an exact title first", async () => {
    const { body } = await api(`q=${encodeURIComponent("KubeCon Berlin")}`);
    expect(body.results[0]!.url).toBe("/events/kubecon-berlin");
  });

  it.each([
    ["a text over 200 characters", `q=${"x".repeat(201)}`, "The search text is longer than 200 characters; shorten it."],
    ["an unknown kind", "q=gpu&kind=secret", '"kind" must be one of doc, post, job, event, page.'],
    ["a limit out of range", "q=gpu&limit=500", '"limit" must be a whole number from 1 to 50.'],
    ["a limit that is not a number", "q=gpu&limit=ten", '"limit" must be a whole number from 1 to 50.'],
  ])("answers %s with 400 and a message", async (_name, query, message) => {
    const { response, body } = await api(query);
    expect(response.status).toBe(400);
    expect(body.error).toBe(message);
  });

  it.each(["<script>alert(1)</script>", '"', "\\", ".*+?^${}()|[]", "🙂🙂", "‮gnp", "%00", "---", "   "])(
    "answers a hostile query %j with 200 and no markup",
    async (q) => {
      const { response, body } = await api(`q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(JSON.stringify(body.results)).not.toContain("<script>");
    },
  );

  it("is cacheable per query and index: an unchanged answer is a 304", async () => {
    const first = await request("/api/search?q=slurm");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^".+:[0-9a-f]{16}"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=30, s-maxage=60");
    const again = await request("/api/search?q=slurm", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect((await request("/api/search?q=kubernetes")).headers.get("etag")).not.toBe(etag);
  });
});

describe("the search index", () => {
  it("is built once from published content, stored in KV and reused: a page view never rebuilds it", async () => {
    const directus = mockDirectus();
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    await request("/api/search?q=gpu", { app });
    // Published only; `$now` (server-set) filters the display windows of page blocks.
    const { status, now, ...rest } = directus.calls.find((call) => call.operationName === "SearchPages")!.variables;
    expect({ status, rest, now: typeof now }).toEqual({ status: ["published"], rest: {}, now: "string" });
    const built = directus.count("SearchPages");
    resetSearchIndexMemo(); // a fresh isolate: loads the stored index
    await request("/api/search?q=slurm", { app });
    await request("/search?q=slurm", { app });
    expect(directus.count("SearchPages")).toBe(built);
    expect(await env.CONTENT_CACHE.get("search:current")).toMatch(/^search:index:/);
  });

  it("gets documents of the kinds it lists from the content types, each kind from one of them at least", async () => {
    const { Content } = await import("../../content/content.server");
    const { searchSources } = await import("../../content/extensions.server");
    const { searchKinds } = await import("./documents");
    const content = new Content({ ...env, ...testSecrets } as never, () => {}, false, { fetch: mockDirectus().fetch });
    const kinds = new Set<string>();
    for (const source of searchSources()) for await (const document of source.documents(content)) kinds.add(document.kind);
    expect([...kinds].sort()).toEqual([...searchKinds].sort());
  });

  it("reads the posts a chunk at a time, finds the last one, and keeps none of them in the request's or the isolate's memory", async () => {
    const posts = Array.from({ length: searchPostsChunk + 1 }, (_, i) => ({
      ...searchPosts[0]!,
      id: String(100 + i),
      slug: `post-${i}`,
      title: i === searchPostsChunk ? "Immersion cooling at the edge" : `Post ${i}`,
      body: "<p>Text.</p>",
    }));
    const directus = mockDirectus({ SearchPosts: searchPostsAnswer(() => posts) });
    const { Content } = await import("../../content/content.server");
    const content = new Content({ ...env, ...testSecrets } as never, () => {}, false, { fetch: directus.fetch });
    const { collectSearchDocuments } = await import("./site-index.server");
    const documents = await collectSearchDocuments(content);
    const offsets = directus.calls.filter((call) => call.operationName === "SearchPosts").map((call) => call.variables.offset ?? 0);
    expect(offsets).toEqual([0, searchPostsChunk]);
    expect(documents.filter((document) => document.kind === "post")).toHaveLength(searchPostsChunk + 1);
    // Read in bulk: nothing of it kept for the page's payload, nor in the isolate's cache (the
    // next build reads the chunks from KV, not from Directus).
    expect(Object.keys(content.results).filter((key) => /^(Search(Posts|Jobs|Events|Changelog|Pages)|DocsBodies):/.test(key))).toEqual([]);
    const again = new Content({ ...env, ...testSecrets } as never, () => {}, false, { fetch: directus.fetch });
    await collectSearchDocuments(again);
    expect(directus.count("SearchPosts")).toBe(2);
    expect(again.sources.kv).toBeGreaterThanOrEqual(3); // two post chunks and the other sources, from KV (kept in memory they would count 0 here)
    const found = (await (
      await request("/api/search?q=immersion", { app: createApp({ pageCache: false, content: { fetch: directus.fetch } }) })
    ).json()) as ApiOutcome;
    expect(found.results[0]!.url).toBe(`/blog/post-${searchPostsChunk}`);
  });

  it("is stored in parts, read as queries need them, and rebuilt when a part is gone", async () => {
    const directus = mockDirectus();
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    const first = (await (await request("/api/search?q=slurm", { app })).json()) as ApiOutcome;
    expect(first.total).toBeGreaterThan(0);
    const key = (await env.CONTENT_CACHE.get("search:current"))!;
    const { keys } = await env.CONTENT_CACHE.list({ prefix: `${key}:` });
    const names = keys.map((entry) => entry.name.slice(key.length + 1));
    expect(names).toContain("base");
    expect(names.some((name) => /^t\d+$/.test(name))).toBe(true);
    expect(names.some((name) => /^s\d+$/.test(name))).toBe(true);
    // A fresh isolate whose index lost its term shards (expired): the search builds a new one.
    for (const name of names.filter((n) => n.startsWith("t"))) await env.CONTENT_CACHE.delete(`${key}:${name}`);
    resetSearchIndexMemo();
    const again = (await (await request("/api/search?q=slurm", { app })).json()) as ApiOutcome;
    expect(again.results.map((result) => result.url)).toEqual(first.results.map((result) => result.url));
    const rebuilt = (await env.CONTENT_CACHE.get("search:current"))!;
    expect((await env.CONTENT_CACHE.list({ prefix: `${rebuilt}:t` })).keys.length).toBeGreaterThan(0);
  });

  it("is rebuilt when the CMS reports a change to an indexed collection, and a new item is found", async () => {
    const posts = [...searchPosts];
    const directus = mockDirectus({ SearchPosts: searchPostsAnswer(() => posts), SearchPostsByIds: byIdsAnswer(() => ({ posts })) });
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    expect(((await (await request("/api/search?q=liquid%20cooling", { app })).json()) as ApiOutcome).total).toBe(0);
    posts.push({ ...posts[0]!, id: "9", slug: "liquid-cooling", title: "Liquid cooling in Nordics-1", body: "<p>Warm water.</p>" });
    const hook = await request("/api/revalidate", {
      app,
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET },
      body: JSON.stringify({ collection: "posts", keys: ["9"] }),
    });
    expect(hook.status).toBe(200);
    const found = (await (await request("/api/search?q=liquid%20cooling", { app })).json()) as ApiOutcome;
    expect(found.results[0]!.url).toBe("/blog/liquid-cooling");
    // One added post: the index was updated in place, the changed parts written next to the
    // others under new names (these fixtures fit one shard and one chunk, so all are touched;
    // src/features/search/shard-build.test.ts counts the parts kept at a larger size).
    const pointer = (await env.CONTENT_CACHE.get("search:current"))!;
    expect(pointer).toMatch(/^search:index:.+@1-\w+$/);
    const key = pointer.slice(0, pointer.lastIndexOf("@"));
    const tag = pointer.slice(key.length + 1);
    const names = (await env.CONTENT_CACHE.list({ prefix: `${key}:` })).keys.map((entry) => entry.name.slice(key.length + 1));
    const rewritten = names.filter((name) => name.endsWith(`.${tag}`));
    expect(rewritten).toEqual(expect.arrayContaining([`base.${tag}`, `d.${tag}`]));
    for (const name of rewritten) expect(names).toContain(name.slice(0, -tag.length - 1));
  });

  it("searches drafts only in an editor's preview, from an index that is never stored", async () => {
    const directus = mockDirectus({
      SearchPosts: (call: UpstreamCall) =>
        (call.variables.status as string[]).includes("draft")
          ? { posts: [...searchPosts, { ...searchPosts[0]!, id: "8", slug: "draft-post", title: "Unreleased B300 clusters" }] }
          : { posts: searchPosts },
    });
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    const publicAnswer = (await (await request("/api/search?q=b300", { app })).json()) as ApiOutcome;
    expect(publicAnswer.total).toBe(0);
    const stored = await env.CONTENT_CACHE.get("search:current");
    const storedKeys = async () => (await env.CONTENT_CACHE.list({ prefix: "search:index:" })).keys.map((entry) => entry.name);
    const before = await storedKeys();
    const preview = await request("/api/search?q=b300", { app, headers: { "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN } });
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    expect(((await preview.json()) as ApiOutcome).results[0]!.url).toBe("/blog/draft-post");
    expect(await env.CONTENT_CACHE.get("search:current")).toBe(stored);
    // The draft laid over the published parts in memory: no part written.
    expect(await storedKeys()).toEqual(before);
    expect(((await (await request("/api/search?q=b300", { app })).json()) as ApiOutcome).total).toBe(0);
  });
});

describe("a change that names its items", () => {
  const hook = (app: ReturnType<typeof createApp>, change: Record<string, unknown>) =>
    request("/api/revalidate", {
      app,
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET },
      body: JSON.stringify(change),
    });
  const urls = async (app: ReturnType<typeof createApp>, query: string) =>
    ((await (await request(`/api/search?q=${encodeURIComponent(query)}`, { app })).json()) as ApiOutcome).results.map(
      (result) => result.url,
    );
  /** The index's directory: a line per document, `<hash>\t<id>\t<item>`. */
  const directory = async () => {
    const pointer = (await env.CONTENT_CACHE.get("search:current"))!;
    const at = pointer.lastIndexOf("@");
    const key = at < 0 ? pointer : pointer.slice(0, at);
    const base = JSON.parse((await env.CONTENT_CACHE.get(at < 0 ? `${key}:base` : `${key}:base.${pointer.slice(at + 1)}`))!) as {
      partNames?: Record<string, string>;
    };
    return (await env.CONTENT_CACHE.get(`${key}:${base.partNames?.d ?? "d"}`))!.split("\n").filter(Boolean);
  };
  /** The reads that give every document of a type: a change that names its items reads none of them. */
  const everyDocumentReads = ["SearchPosts", "SearchJobs", "SearchEvents", "SearchChangelog", "SearchPages", "DocsBodies"];
  const setUp = async () => {
    const posts = [...searchPosts];
    const directus = mockDirectus({ SearchPosts: searchPostsAnswer(() => posts), SearchPostsByIds: byIdsAnswer(() => ({ posts })) });
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    expect(await urls(app, "topology")).toEqual(["/blog/topology-aware-scheduling"]);
    const bulkReads = () => Object.fromEntries(everyDocumentReads.map((name) => [name, directus.count(name)]));
    return { posts, directus, app, bulkReads };
  };

  it("updates an edited post's document from a read of that post alone, and leaves the others as they were", async () => {
    const { posts, directus, app, bulkReads } = await setUp();
    const before = await directory();
    const reads = bulkReads();
    posts[1] = { ...posts[1]!, title: "Rail-aligned placement for multi-node training" };
    expect((await hook(app, { collection: "posts", keys: ["2"], event: "update", fields: ["title"] })).status).toBe(200);
    expect(await urls(app, "rail aligned")).toEqual(["/blog/topology-aware-scheduling"]);
    expect(bulkReads()).toEqual(reads);
    expect(directus.calls.filter((call) => call.operationName === "SearchPostsByIds").map((call) => call.variables.ids)).toEqual([["2"]]);
    // Only that post's line changed: every other document is where and as it was.
    const after = await directory();
    const changed = after.filter((line, position) => line !== before[position]);
    expect(changed).toEqual([expect.stringMatching(/\t\/blog\/topology-aware-scheduling\tposts:2$/)]);
    expect(after).toHaveLength(before.length);
    expect(await urls(app, "worked example")).toEqual(["/blog/reserved-or-on-demand-gpus"]);
  });

  it("removes an unpublished or deleted post's document, and a renamed post's old address", async () => {
    const { posts, app, bulkReads } = await setUp();
    const reads = bulkReads();
    // Unpublished: the read by ids (published only) no longer finds it.
    posts.splice(0, 1);
    expect(await urls(app, "worked example")).toEqual(["/blog/reserved-or-on-demand-gpus"]);
    await hook(app, { collection: "posts", keys: ["1"], event: "update", fields: ["status"] });
    expect(await urls(app, "worked example")).toEqual([]);
    // A new slug: the document at the old address goes, the new one comes.
    posts[0] = { ...posts[0]!, slug: "rail-groups" };
    await hook(app, { collection: "posts", keys: ["2"], event: "update", fields: ["slug"] });
    expect(await urls(app, "topology")).toEqual(["/blog/rail-groups"]);
    // Deleted.
    posts.splice(0, 1);
    await hook(app, { collection: "posts", keys: ["2"], event: "delete" });
    expect(await urls(app, "topology")).toEqual([]);
    expect(bulkReads()).toEqual(reads);
    // The rest of the index is as it was.
    expect(await urls(app, "kubecon")).toEqual(["/events/kubecon-berlin"]);
    expect((await directory()).some((line) => line.endsWith("\tposts:1") || line.endsWith("\tposts:2"))).toBe(false);
  });

  it("reads a changed doc page with the pages under it, whose addresses and breadcrumbs carry its own", async () => {
    const { directus, app, bulkReads } = await setUp();
    const { DocsBodies: bodiesRead, ...reads } = bulkReads();
    await hook(app, { collection: "docs_pages", keys: ["21"], event: "update", fields: ["title"] });
    const bodies = directus.calls.filter((call) => call.operationName === "DocsBodies").slice(bodiesRead);
    expect(bodies.map((call) => call.variables.ids)).toEqual([["21", "22"]]);
    const { DocsBodies: _, ...after } = bulkReads();
    expect(after).toEqual(reads);
  });

  it("compares every document after a change that names no item, or one of a collection whose items other documents show", async () => {
    const { directus, app } = await setUp();
    const posts = directus.count("SearchPosts");
    await hook(app, { collection: "posts", keys: [] });
    expect(directus.count("SearchPosts")).toBe(posts + 1);
    // A block shows on pages: a change of one reads every page's documents again.
    const pages = directus.count("SearchPages");
    await hook(app, { collection: "block_rich_text", keys: ["1"], event: "update", fields: ["body"] });
    expect(directus.count("SearchPages")).toBe(pages + 1);
    expect(directus.count("SearchPagesByIds")).toBe(0);
    // A page's own text: that page read alone; its new slug makes the CMS rewrite the paths under it: every page.
    await hook(app, { collection: "pages", keys: ["10"], event: "update", fields: ["seo_description"] });
    expect(directus.count("SearchPagesByIds")).toBe(1);
    expect(directus.count("SearchPages")).toBe(pages + 1);
    await hook(app, { collection: "pages", keys: ["10"], event: "update", fields: ["slug"] });
    expect(directus.count("SearchPagesByIds")).toBe(1);
    expect(directus.count("SearchPages")).toBe(pages + 2);
  });
});

describe("/search in the browser's /graphql", () => {
  it("runs the site search for client navigation, with the server's answer", async () => {
    const response = await request("/graphql", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ operationName: "SiteSearch", query: siteSearchQuery.document, variables: { q: "slurm", limit: 5 } }),
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { siteSearch: ApiOutcome } };
    expect(data.siteSearch.total).toBeGreaterThan(0);
  });
});

describe("the cron backstop", () => {
  it("builds a missing index, leaves a current one alone, and rebuilds after a change it was not told about", async () => {
    const { scheduled } = await import("../../app/scheduled.server");
    const { bumpGeneration } = await import("../../content/generations.server");
    const directus = mockDirectus();
    const ctx = { waitUntil: () => {} };
    let minute = Date.parse("2026-11-23T10:00:00.000Z");
    const tick = () =>
      scheduled({ scheduledTime: (minute += 60_000), cron: "* * * * *" }, { ...env, ...testSecrets }, ctx, { fetch: directus.fetch });
    await tick();
    expect(directus.count("SearchJobs")).toBe(1);
    expect(await env.CONTENT_CACHE.get("search:current")).toMatch(/^search:index:/);
    await tick();
    expect(directus.count("SearchJobs")).toBe(1);
    // A change to the roles: the build reads them anew (the other types' reads come from the cache).
    await bumpGeneration(env.CONTENT_CACHE, "jobs", minute);
    await tick();
    expect(directus.count("SearchJobs")).toBe(2);
    expect(directus.count("SearchPages")).toBe(1);
  });

  it("updates the index in place after a small change, and builds it anew two days after its full build", async () => {
    const { scheduled } = await import("../../app/scheduled.server");
    const { bumpGeneration } = await import("../../content/generations.server");
    const posts = [...searchPosts];
    const directus = mockDirectus({ SearchPosts: searchPostsAnswer(() => posts) });
    const ctx = { waitUntil: () => {} };
    let time = Date.parse("2026-11-23T10:00:00.000Z");
    const tick = (step = 60_000) => {
      time += step;
      return scheduled({ scheduledTime: time, cron: "* * * * *" }, { ...env, ...testSecrets }, ctx, { fetch: directus.fetch });
    };
    await tick();
    const built = (await env.CONTENT_CACHE.get("search:current"))!;
    expect(built).toMatch(/^search:index:[^@]+$/);
    // A change the cron learns of: nothing else changed, so only an update.
    posts[0] = { ...posts[0]!, title: "Immersion cooling in Nordics-1" };
    await bumpGeneration(env.CONTENT_CACHE, "posts", time);
    await tick();
    const updated = (await env.CONTENT_CACHE.get("search:current"))!;
    expect(updated.startsWith(`${built}@`)).toBe(true);
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    resetSearchIndexMemo();
    const found = (await (await request("/api/search?q=immersion", { app })).json()) as ApiOutcome;
    expect(found.results.map((result) => result.title.map((segment) => segment.text).join(""))).toEqual(["Immersion cooling in Nordics-1"]);
    // Three days later the next change builds the index anew (its parts would expire otherwise).
    posts[0] = { ...posts[0]!, title: "Immersion cooling in Nordics-2" };
    await bumpGeneration(env.CONTENT_CACHE, "posts", time + 3 * 86_400_000);
    await tick(3 * 86_400_000);
    const rebuilt = (await env.CONTENT_CACHE.get("search:current"))!;
    expect(rebuilt).toMatch(/^search:index:[^@]+$/);
    expect(rebuilt).not.toBe(built);
  });
});
