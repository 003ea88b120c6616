import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:test";
import { clearTagMemo } from "../../src/content/tags.server";
import { clearPageMemory, evictHotPages } from "../../src/middleware/page-cache";
import { editableBlog } from "./fixtures/editable-blog";
import type { Bindings } from "../../src/env";
import { request, resetContentState, spyKv, testSecrets } from "./helpers";

beforeEach(resetContentState);
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The paths the webhook rendered again, from its `content_change` log lines. */
function renderedByWebhook(): () => string[] {
  const lines: string[] = [];
  const log = console.log.bind(console);
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes('"content_change"')) lines.push(args[0]);
    else log(...args);
  });
  return () => lines.flatMap((line) => (JSON.parse(line) as { paths: string[] }).paths);
}

/** The editable blog (fixtures/editable-blog.ts) with a save through the webhook and a view of a page. */
function editableBlogWithSaves() {
  const { directus, app, edits } = editableBlog();
  const save = async (id: string, fields: Record<string, unknown>) => {
    edits.set(id, { ...edits.get(id), ...fields });
    const response = await request("/api/revalidate", {
      app,
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET },
      body: JSON.stringify({ collection: "posts", keys: [id], event: "update", fields: Object.keys(fields) }),
    });
    expect(response.status).toBe(200);
  };
  const view = async (path: string, overrides?: Partial<Bindings>) => {
    const response = await request(path, { app, env: overrides });
    return { status: response.status, cache: response.headers.get("x-page-cache"), html: await response.text() };
  };
  /** The CMS deletes a post: it is in no answer, and the webhook is told. */
  const remove = async (id: string) => {
    edits.set(id, { gone: true });
    const response = await request("/api/revalidate", {
      app,
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET },
      body: JSON.stringify({ collection: "posts", keys: [id], event: "delete" }),
    });
    expect(response.status).toBe(200);
  };
  return { directus, app, save, view, remove };
}

describe("a save refreshes only the pages that show what it changed", () => {
  it("a new body: the post's page is rendered again by the webhook; the list and the other posts stay as they are", async () => {
    const { directus, save, view } = editableBlogWithSaves();
    for (const path of ["/blog", "/blog/blog-post-1", "/blog/blog-post-2", "/careers"]) expect((await view(path)).cache).toBe("MISS");
    const reads = { list: directus.count("BlogPosts"), post: directus.count("BlogPost"), roles: directus.count("CareersJobs") };

    await save("2", { body: "<p>Corrected body of post 2.</p>" });
    // The webhook rendered the post's own page again (one read of it), and nothing else.
    expect(directus.count("BlogPost")).toBe(reads.post + 1);
    expect(directus.count("BlogPosts")).toBe(reads.list);

    const post = await view("/blog/blog-post-2");
    expect(post).toMatchObject({ cache: "HIT" });
    expect(post.html).toContain("Corrected body of post 2.");
    for (const path of ["/blog", "/blog/blog-post-1", "/careers"]) expect((await view(path)).cache).toBe("HIT");
    expect(directus.count("BlogPosts")).toBe(reads.list);
    expect(directus.count("CareersJobs")).toBe(reads.roles);
  });

  it("a new title: the pages that show it are rendered again, the other posts' pages stay", async () => {
    const { directus, save, view } = editableBlogWithSaves();
    for (const path of ["/blog", "/blog/blog-post-1", "/blog/blog-post-2"]) await view(path);
    const postReads = directus.count("BlogPost");

    await save("1", { title: "A better title for post 1" });
    const list = await view("/blog");
    expect(list.cache).toBe("HIT"); // rendered again by the webhook, before anyone asked
    expect(list.html).toContain("A better title for post 1");
    expect((await view("/blog/blog-post-1")).html).toContain("A better title for post 1");
    expect((await view("/blog/blog-post-2")).cache).toBe("HIT");
    // Post 1's page again, nobody else's: the list's entry read has its own count.
    expect(directus.count("BlogPost")).toBe(postReads + 1);
  });

  it("a stale page another isolate kept is answered once while it is rendered again; no visitor waits for the render", async () => {
    const { save, view } = editableBlogWithSaves();
    await view("/blog");
    clearPageMemory(); // another isolate: the page is in the Cache API only, and this webhook does not know it
    await save("3", { title: "Post 3, retitled" });

    const first = await view("/blog");
    expect(first.cache).toBe("STALE");
    expect(first.html).not.toContain("Post 3, retitled");
    // The render ran after that answer (the test's execution context waited for it): the next visitor gets its page.
    const next = await view("/blog");
    expect(next.cache).toBe("HIT");
    expect(next.html).toContain("Post 3, retitled");
  });

  it("a page rendered again after a save reads again only what the save marked, however old its other reads are", async () => {
    const { directus, save, view } = editableBlogWithSaves();
    const rendered = renderedByWebhook();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    for (const path of ["/blog", "/blog/blog-post-1"]) await view(path);
    const reads = { post: directus.count("BlogPost"), list: directus.count("BlogPosts") };
    // Ten minutes on, every read the pages hold is past its minute of freshness.
    vi.setSystemTime(Date.now() + 10 * 60_000);
    // Post 2's title is on the list and among post 1's related posts, whose own read it is not.
    await save("2", { title: "Post 2, retitled" });
    expect(rendered()).toEqual(expect.arrayContaining(["/blog", "/blog/blog-post-1"]));
    expect((await view("/blog/blog-post-1")).html).toContain("Post 2, retitled");
    // The list read again (the save marked it), post 1's own read not: the change left it valid.
    expect(directus.count("BlogPosts")).toBe(reads.list + 1);
    expect(directus.count("BlogPost")).toBe(reads.post + 1); // post 2's page, the webhook's
  });

  it("a kept page a change left valid is checked once: its next hits from the Cache API read no marks", async () => {
    const { app, save, view } = editableBlogWithSaves();
    await view("/blog/blog-post-1");
    // Post 9's body is shown on its own page only.
    await save("9", { body: "<p>Post 9, corrected.</p>" });
    const hitReadingMarks = async () => {
      evictHotPages(); // out of the isolate's memory: answered from the Cache API
      clearTagMemo();
      const { kv, ops } = spyKv(env.CONTENT_CACHE);
      const response = await request("/blog/blog-post-1", { app, env: { CONTENT_CACHE: kv } });
      expect(response.headers.get("x-page-cache")).toBe("HIT");
      return ops.filter(({ op, key }) => op === "get" && key.startsWith("tag:")).length;
    };
    expect(await hitReadingMarks()).toBeGreaterThan(0); // checked against the marks once
    expect(await hitReadingMarks()).toBe(0); // then known valid at this generation
  });

  it("after a save, a page's check reads only the marks that save wrote: the others are taken on through its step", async () => {
    const { app, save, view } = editableBlogWithSaves();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    await view("/blog/blog-post-1");
    const marksReadByHit = async () => {
      evictHotPages(); // out of the isolate's memory: answered from the Cache API, checked against the marks
      const { kv, ops } = spyKv(env.CONTENT_CACHE);
      const response = await request("/blog/blog-post-1", { app, env: { CONTENT_CACHE: kv } });
      expect(response.headers.get("x-page-cache")).toBe("HIT");
      return ops.filter(({ op, key }) => op === "get" && key.startsWith("tag:")).map(({ key }) => key);
    };
    // Post 9's body and then post 8's are shown on their own pages only.
    await save("9", { body: "<p>Post 9, corrected.</p>" });
    vi.setSystemTime(Date.now() + 1_500); // past the second every copy is current for
    expect((await marksReadByHit()).length).toBeGreaterThan(0); // the page's marks, read once
    await save("8", { body: "<p>Post 8, corrected.</p>" });
    vi.setSystemTime(Date.now() + 1_500);
    expect(await marksReadByHit()).toEqual([]);
    // Nor does it need the isolate's copies of its marks: the page remembers its last check, and
    // the step of the next save names none of its tags.
    await save("10", { body: "<p>Post 10, corrected.</p>" });
    vi.setSystemTime(Date.now() + 1_500);
    clearTagMemo();
    expect(await marksReadByHit()).toEqual([]);
  });

  it("a page past its five minutes is answered once more while it is rendered again: no visitor waits for it", async () => {
    const { directus, view } = editableBlogWithSaves();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    expect((await view("/blog/blog-post-1")).cache).toBe("MISS");
    const reads = directus.count("BlogPost");
    vi.setSystemTime(Date.now() + 4 * 60_000);
    expect((await view("/blog/blog-post-1")).cache).toBe("HIT");
    vi.setSystemTime(Date.now() + 2 * 60_000);
    // From the isolate's memory (gone past its time) and from the Cache API (kept an hour longer).
    expect((await view("/blog/blog-post-1")).cache).toBe("STALE");
    // Rendered again in the background, then answered fresh (an expired copy would be STALE
    // again), from the content it read, which no change had marked: no read of the CMS.
    await vi.waitFor(async () => expect((await view("/blog/blog-post-1")).cache).toBe("HIT"));
    expect(directus.count("BlogPost")).toBe(reads);
  });

  it("a page's freshness is the operator's PAGE_FRESH_SECONDS: a page younger than that is answered as it is", async () => {
    const { view } = editableBlogWithSaves();
    const fifteenMinutes = { PAGE_FRESH_SECONDS: "900" };
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    expect((await view("/blog/blog-post-1", fifteenMinutes)).cache).toBe("MISS");
    vi.setSystemTime(Date.now() + 10 * 60_000);
    expect((await view("/blog/blog-post-1", fifteenMinutes)).cache).toBe("HIT");
    vi.setSystemTime(Date.now() + 6 * 60_000);
    expect((await view("/blog/blog-post-1", fifteenMinutes)).cache).toBe("STALE");
  });

  it("a deleted post's page is gone after the render its deletion caused, here and where another isolate kept it", async () => {
    const { view, remove } = editableBlogWithSaves();
    expect((await view("/blog/blog-post-2")).status).toBe(200);
    expect((await view("/blog/blog-post-3")).status).toBe(200);
    // This isolate holds post 2's page: the webhook renders it again, finds it gone, and drops it.
    await remove("2");
    expect((await view("/blog/blog-post-2")).status).toBe(404);
    // Post 3's page is kept only in the Cache API (another isolate's): answered once, then gone.
    clearPageMemory();
    await remove("3");
    const once = await view("/blog/blog-post-3");
    expect(once).toMatchObject({ status: 200, cache: "STALE" });
    expect((await view("/blog/blog-post-3")).status).toBe(404);
    clearPageMemory(); // nor does a fresh isolate find it in the Cache API
    expect((await view("/blog/blog-post-3")).status).toBe(404);
  });

  it("a publication moves the lists: a post's status marks every list of posts", async () => {
    const { directus, save, view } = editableBlogWithSaves();
    await view("/blog");
    await view("/blog/blog-post-5");
    const reads = directus.count("BlogPosts");
    await save("5", { status: "published" });
    expect(directus.count("BlogPosts")).toBe(reads + 1); // the list, rendered again by the webhook
    expect((await view("/blog")).cache).toBe("HIT");
  });

  it("a page that reads a list but shows part of it changes with that part: the blog's first page and a post's related posts", async () => {
    const { save, view } = editableBlogWithSaves();
    const rendered = renderedByWebhook();
    for (const path of ["/blog", "/blog?page=2", "/blog/blog-post-1", "/blog/blog-post-12"]) await view(path);
    // Post 12 is on the second page, not the first; post 1's related posts are chosen from every post's tags.
    await save("12", { title: "Post 12, retitled" });
    const paths = rendered();
    expect(paths).toContain("/blog/blog-post-12");
    expect(paths).toContain("/blog?page=2");
    expect(paths).not.toContain("/blog");
    expect((await view("/blog?page=2")).html).toContain("Post 12, retitled");
    expect((await view("/blog")).cache).toBe("HIT");
    // A change to the tags moves the counts and the related posts: every page that counts them.
    await save("11", { tags: ["networking", "inference"] });
    expect(rendered()).toEqual(expect.arrayContaining(["/blog", "/blog?page=2", "/blog/blog-post-1"]));
  });
});
