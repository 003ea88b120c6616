import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { spyKv } from "../../test/worker/helpers";
import { writeGenerationSteps } from "./generation-steps.server";
import { generationOf } from "./generations.server";
import { operationReads } from "./generated/operations";
import {
  type CheckedAt,
  clearTagMemo,
  markTags,
  maxItemsNamed,
  mergeShown,
  shownByRead,
  tagsOfChange,
  unchangedSince,
} from "./tags.server";

/** A KV that records its reads, and the marks read from it since the last call. */
function spyMarkReads() {
  const { kv, ops } = spyKv(env.CONTENT_CACHE);
  let seen = 0;
  const marksRead = () => {
    const read = ops.slice(seen).filter(({ op, key }) => op === "get" && key.startsWith("tag:"));
    seen = ops.length;
    return read.map(({ key }) => key.slice("tag:".length)).sort();
  };
  return { kv, marksRead };
}

/**
 * Another isolate's change of the posts: its marks (an item's of `field`, any other tag's whole),
 * its step unless `withStep` is false, then the generation; the clock then moves on 1.5 s.
 */
async function moveElsewhere(to: string, tags: string[], { withStep = true, field = "title" } = {}) {
  for (const tag of tags) await env.CONTENT_CACHE.put(`tag:${tag}`, JSON.stringify({ [tag.startsWith("i:") ? field : "*"]: Date.now() }));
  const from = (await env.CONTENT_CACHE.get("gen:posts")) ?? "0";
  if (withStep) await writeGenerationSteps(env.CONTENT_CACHE, [{ collection: "posts", from, to, tags }]);
  await env.CONTENT_CACHE.put("gen:posts", to);
  vi.setSystemTime(Date.now() + 1_500);
}

const post = (id: number, extra: Record<string, unknown> = {}) => ({
  id: String(id),
  slug: `post-${id}`,
  title: `Post ${id}`,
  author: { id: "7", first_name: "Ines", avatar: { id: "avatar-7" } },
  cover: null,
  ...extra,
});

beforeEach(async () => {
  clearTagMemo();
  const { keys } = await env.CONTENT_CACHE.list({ prefix: "tag:" });
  await Promise.all(keys.map((key) => env.CONTENT_CACHE.delete(key.name)));
});

describe("what a read shows", () => {
  it("names the items of a list, nested ones too, and the list itself", () => {
    const shown = shownByRead("BlogPosts", ["posts", "authors", "directus_files"], { posts: [post(1), post(2)] });
    expect(shown.tags.sort()).toEqual(["i:authors:7", "i:directus_files:avatar-7", "i:posts:1", "i:posts:2", "l:posts"]);
    expect(shown.fields.posts).toEqual(operationReads.BlogPosts!.shown.posts);
  });

  it("a read by slug that found its item changes with that item alone; one that found nothing with the list", () => {
    expect(shownByRead("BlogPost", ["posts"], { posts: [post(3)] }).tags).not.toContain("l:posts");
    expect(shownByRead("BlogPost", ["posts"], { posts: [post(3)] }).tags).toContain("i:posts:3");
    expect(shownByRead("BlogPost", ["posts"], { posts: [] }).tags).toEqual(["l:posts"]);
  });

  it("names a many-to-any item by the collection its junction row gives", () => {
    const data = {
      pages: [{ id: "1", blocks: [{ id: "10", collection: "block_hero", item: { id: "4", headline: "Hi" } }] }],
    };
    const { tags } = shownByRead("Page", [], data);
    expect(tags).toContain("i:block_hero:4");
    expect(tags).toContain("i:pages_blocks:10");
    expect(tags.some((tag) => tag.startsWith("f:block_cta."))).toBe(false);
  });

  it("tags a read of too many items by the fields it shows, and an unknown read by its collections", () => {
    const many = { posts: Array.from({ length: maxItemsNamed + 1 }, (_, index) => post(index + 1)) };
    const { tags } = shownByRead("BlogPosts", ["posts"], many);
    expect(tags).toContain("f:posts.title");
    expect(tags).toContain("l:posts");
    expect(tags.filter((tag) => tag.startsWith("i:posts:"))).toEqual([]);
    expect(tags).toContain("i:authors:7"); // one author: still named
    expect(shownByRead("NoSuchOperation", ["posts", "authors"], {}).tags).toEqual(["posts", "authors"]);
  });

  it("merges what several reads show", () => {
    const merged = mergeShown([
      { tags: ["i:posts:1"], fields: { posts: ["title"] } },
      { tags: ["i:posts:1", "l:jobs"], fields: { posts: ["body"] } },
    ]);
    expect(merged.tags.sort()).toEqual(["i:posts:1", "l:jobs"]);
    expect(merged.fields.posts!.sort()).toEqual(["body", "title"]);
  });
});

describe("what a change marks", () => {
  it("an update of fields no filter reads: the item and those fields", () => {
    expect(tagsOfChange({ collection: "posts", keys: ["5"], event: "update", fields: ["title"] }).sort()).toEqual([
      "f:posts.title",
      "i:posts:5",
      "posts",
    ]);
  });

  it("an update of a field no read shows (one the CMS's permissions may filter on): a change of anything", () => {
    const tags = tagsOfChange({ collection: "redirects", keys: ["4"], event: "update", fields: ["active"] });
    expect(tags).toContain("l:redirects");
    expect(tags).toContain("f:redirects.source");
  });

  it("an update that moves the item in or out of lists, a creation, a deletion or an unknown change: the lists too", () => {
    for (const change of [
      { event: "update" as const, fields: ["status"] },
      { event: "update" as const, fields: ["published_at"] },
      { event: "create" as const },
      { event: "delete" as const },
      {},
    ]) {
      expect(tagsOfChange({ collection: "posts", keys: ["5"], ...change })).toContain("l:posts");
    }
  });
});

describe("whether an entry is still valid", () => {
  const builtAt = 1_000;

  it("is valid while nothing it shows was marked after it was built", async () => {
    const shown = { tags: ["i:posts:1", "l:posts"], fields: { posts: ["title", "slug"] } };
    expect(await unchangedSince(env.CONTENT_CACHE, shown, builtAt, 2_000)).toBe(true);
    await markTags(env.CONTENT_CACHE, ["i:posts:2", "l:jobs"], 1_500);
    expect(await unchangedSince(env.CONTENT_CACHE, shown, builtAt, 2_000)).toBe(true);
    await markTags(env.CONTENT_CACHE, ["l:posts"], 1_500);
    expect(await unchangedSince(env.CONTENT_CACHE, shown, builtAt, 2_000)).toBe(false);
  });

  it("an item changed only in fields the entry does not show leaves it valid", async () => {
    const sidebar = { tags: ["i:docs_pages:9"], fields: { docs_pages: ["title", "slug"] } };
    const page = { tags: ["i:docs_pages:9"], fields: { docs_pages: ["title", "body"] } };
    const change = { collection: "docs_pages", keys: ["9"], event: "update" as const, fields: ["body"] };
    await markTags(env.CONTENT_CACHE, tagsOfChange(change), 1_500, change);
    expect(await unchangedSince(env.CONTENT_CACHE, sidebar, builtAt, 2_000)).toBe(true);
    expect(await unchangedSince(env.CONTENT_CACHE, page, builtAt, 2_000)).toBe(false);
    // Another isolate reads the marks from KV, field by field.
    clearTagMemo();
    expect(await unchangedSince(env.CONTENT_CACHE, sidebar, builtAt, 2_000)).toBe(true);
    expect(await unchangedSince(env.CONTENT_CACHE, page, builtAt, 2_000)).toBe(false);
    // A later save of a shown field marks that field too; the earlier ones stay.
    const title = { ...change, fields: ["title"] };
    await markTags(env.CONTENT_CACHE, tagsOfChange(title), 2_500, title);
    expect(await unchangedSince(env.CONTENT_CACHE, sidebar, 2_000, 3_000)).toBe(false);
    clearTagMemo();
    expect(await unchangedSince(env.CONTENT_CACHE, page, 1_600, 3_000)).toBe(false);
  });

  it("reads a mark again only when its collection moved: another isolate's change is seen with its new generation", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: 10_000_000 });
    try {
      const { kv, ops } = spyKv(env.CONTENT_CACHE);
      const markReads = () => ops.filter(({ op, key }) => op === "get" && key.startsWith("tag:")).length;
      const shown = { tags: ["i:posts:1"], fields: { posts: ["title"] } };
      const builtAt = Date.now() - 10;
      await generationOf(kv, ["posts"]);
      expect(await unchangedSince(kv, shown, builtAt)).toBe(true);
      const first = markReads();
      expect(first).toBeGreaterThan(0);
      // A minute on, the generation read again and unchanged: the marks this isolate has are current.
      vi.setSystemTime(Date.now() + 60_000);
      await generationOf(kv, ["posts"]);
      expect(await unchangedSince(kv, shown, builtAt)).toBe(true);
      expect(markReads()).toBe(first);
      // Another isolate marks the post's title, then moves the generation.
      await env.CONTENT_CACHE.put("tag:i:posts:1", JSON.stringify({ title: Date.now() }));
      await env.CONTENT_CACHE.put("gen:posts", "moved-by-another-isolate");
      vi.setSystemTime(Date.now() + 1_500);
      await generationOf(kv, ["posts"]);
      expect(await unchangedSince(kv, shown, builtAt)).toBe(false);
      expect(markReads()).toBeGreaterThan(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it("after a move, reads again only the marks its step names; the others are taken on, for a minute from their read", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: 20_000_000 });
    try {
      const { kv, marksRead } = spyMarkReads();
      const one = { tags: ["i:posts:1"], fields: { posts: ["title"] } };
      const two = { tags: ["i:posts:2"], fields: { posts: ["title"] } };
      const builtAt = Date.now() - 10;
      await generationOf(kv, ["posts"]);
      expect(await unchangedSince(kv, one, builtAt)).toBe(true);
      expect(await unchangedSince(kv, two, builtAt)).toBe(true);
      expect(marksRead()).toEqual(["all:posts", "i:posts:1", "i:posts:2"]);
      /** Another isolate's change, then this isolate reads the generation again. */
      const moveAndRead = async (to: string, tags: string[], withStep = true) => {
        await moveElsewhere(to, tags, { withStep });
        await generationOf(kv, ["posts"]);
      };

      await moveAndRead("moved-1", ["i:posts:2"]);
      expect(await unchangedSince(kv, one, builtAt)).toBe(true);
      expect(await unchangedSince(kv, two, builtAt)).toBe(false);
      expect(marksRead()).toEqual(["i:posts:2"]); // post 1's mark and the collection's were taken on

      // A minute after their read, marks taken on are read again, though nothing moved since.
      vi.setSystemTime(Date.now() + 60_000);
      await generationOf(kv, ["posts"]);
      expect(await unchangedSince(kv, one, builtAt)).toBe(true);
      expect(await unchangedSince(kv, two, builtAt)).toBe(false);
      expect(marksRead()).toEqual(["all:posts", "i:posts:1"]);

      // A move whose step cannot be found (an older version's, or one KV does not show yet): every mark is read again.
      await moveAndRead("moved-2", ["i:posts:1"], false);
      expect(await unchangedSince(kv, one, builtAt)).toBe(false);
      expect(await unchangedSince(kv, two, builtAt)).toBe(false);
      expect(marksRead()).toEqual(["all:posts", "i:posts:1", "i:posts:2"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("with a page's memory of its checks, the tags of collections that did not move since are not looked at, for a minute", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: 30_000_000 });
    try {
      const kv = env.CONTENT_CACHE;
      const shown = { tags: ["i:posts:1", "i:jobs:4"], fields: { posts: ["title"], jobs: ["title"] } };
      const builtAt = Date.now() - 10;
      const checked: CheckedAt = new Map();
      expect(await unchangedSince(kv, shown, builtAt, Date.now(), checked)).toBe(true);
      expect([...checked.keys()].sort()).toEqual(["jobs", "posts"]);
      // A mark of the post that no move announced yet (its webhook still under way), and a move of the jobs.
      await kv.put("tag:i:posts:1", JSON.stringify({ title: Date.now() }));
      await kv.put("gen:jobs", "jobs-moved");
      vi.setSystemTime(Date.now() + 1_500);
      clearTagMemo(); // nothing kept of the marks: anything looked at is read from KV
      expect(await unchangedSince(kv, shown, builtAt, Date.now(), checked)).toBe(true); // the posts' tags were not looked at
      expect(await unchangedSince(kv, shown, builtAt, Date.now())).toBe(false); // without the memory, they are
      // A minute after the posts' last check, they are looked at again.
      vi.setSystemTime(Date.now() + 60_000);
      expect(await unchangedSince(kv, shown, builtAt, Date.now(), checked)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("with a page's memory of its checks, a move whose steps name none of its tags is taken without looking at a mark", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: 40_000_000 });
    try {
      const { kv, marksRead } = spyMarkReads();
      const shown = { tags: ["i:posts:1", "l:posts"], fields: { posts: ["title"] } };
      const builtAt = Date.now() - 10;
      const checked: CheckedAt = new Map();
      await generationOf(kv, ["posts"]);
      expect(await unchangedSince(kv, shown, builtAt, Date.now(), checked)).toBe(true);
      expect(marksRead()).toEqual(["all:posts", "i:posts:1", "l:posts"]);
      const firstLook = checked.get("posts")!.at;
      /** Another isolate's change; no copy of a mark kept: anything looked at is read from KV. */
      const moveAndForget = async (to: string, tags: string[], options?: { withStep?: boolean; field?: string }) => {
        await moveElsewhere(to, tags, options);
        clearTagMemo();
      };

      // Two moves marking another post: the page's marks are not looked at, and the look it
      // remembers is still its first one (a minute from it, the marks are looked at again).
      await moveAndForget("moved-1", ["i:posts:2"]);
      await moveAndForget("moved-2", ["i:posts:3"]);
      expect(await unchangedSince(kv, shown, builtAt, Date.now(), checked)).toBe(true);
      expect(marksRead()).toEqual([]);
      expect(checked.get("posts")).toEqual({ generation: "moved-2", at: firstLook });

      // A move marking a field of its post it does not show: the marks are looked at, and it is unchanged.
      await moveAndForget("moved-3", ["i:posts:1"], { field: "share_card" });
      expect(await unchangedSince(kv, shown, builtAt, Date.now(), checked)).toBe(true);
      expect(marksRead()).toEqual(["all:posts", "i:posts:1", "l:posts"]);
      expect(checked.get("posts")!.at).toBe(Date.now());

      // A move whose step cannot be found: the marks are looked at.
      await moveAndForget("moved-4", ["i:posts:4"], { withStep: false });
      expect(await unchangedSince(kv, shown, builtAt, Date.now(), checked)).toBe(true);
      expect(marksRead()).toEqual(["all:posts", "i:posts:1", "l:posts"]);

      // A move that marks a list it shows: changed.
      await moveAndForget("moved-5", ["l:posts"]);
      expect(await unchangedSince(kv, shown, builtAt, Date.now(), checked)).toBe(false);

      // A minute after the last look, a clean step is not enough: the marks are looked at (and found changed).
      const other = { tags: ["i:posts:9"], fields: { posts: ["title"] } };
      const otherChecked: CheckedAt = new Map();
      expect(await unchangedSince(kv, other, Date.now() - 10, Date.now(), otherChecked)).toBe(true);
      vi.setSystemTime(Date.now() + 60_000);
      await moveAndForget("moved-6", ["i:posts:5"]);
      marksRead();
      expect(await unchangedSince(kv, other, Date.now() - 70_000, Date.now(), otherChecked)).toBe(true);
      expect(marksRead()).toEqual(["all:posts", "i:posts:9"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("an entry built after the mark is valid", async () => {
    await markTags(env.CONTENT_CACHE, ["l:posts"], 1_500);
    expect(await unchangedSince(env.CONTENT_CACHE, { tags: ["l:posts"], fields: {} }, 1_501, 2_000)).toBe(true);
  });
});
