import { describe, expect, it } from "vitest";
import { scaleCounts, scaleSet } from "../../cms/seed/scale.mjs";

interface Page {
  key: string;
  parentKey: string | null;
  sectionSlug: string;
  depth: number;
  slug: string;
}

const small = { docs: 700, posts: 120, jobs: 12, events: 9 };

describe("the scale data set", () => {
  it("is the same set on every run", () => {
    expect(JSON.stringify(scaleSet(small))).toBe(JSON.stringify(scaleSet(small)));
  });

  it("has the counts asked for, and by default the issue's", () => {
    const set = scaleSet(small);
    expect([set.docs.length, set.posts.length, set.jobs.length, set.events.length]).toEqual([700, 120, 12, 9]);
    expect(scaleCounts).toEqual({ docs: 5000, posts: 10_000, jobs: 500, events: 300 });
  });

  it("builds a deep docs tree whose parents come before their children, with slugs unique among siblings", () => {
    const { docs, sections } = scaleSet(small) as { docs: Page[]; sections: { slug: string }[] };
    const seen = new Set<string>();
    for (const page of docs) {
      if (page.parentKey) expect(seen.has(page.parentKey), page.key).toBe(true);
      expect(sections.map((section) => section.slug)).toContain(page.sectionSlug);
      seen.add(page.key);
    }
    expect(Math.max(...docs.map((page) => page.depth))).toBeGreaterThanOrEqual(4);
    const siblings = new Set(docs.map((page) => `${page.parentKey ?? page.sectionSlug}/${page.slug}`));
    expect(siblings.size).toBe(docs.length);
  });

  it("gives posts, roles and events unique slugs and fixed dates", () => {
    const set = scaleSet(small);
    for (const list of [set.posts, set.jobs, set.events] as { slug: string }[][]) {
      expect(new Set(list.map((item) => item.slug)).size).toBe(list.length);
    }
    expect(set.posts[0]?.published_at).toBe("2026-11-01T09:00:00.000Z");
  });
});
