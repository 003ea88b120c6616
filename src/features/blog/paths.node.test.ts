import { describe, expect, it } from "vitest";
import { blogListHref } from "./paths";

/** The list's URL as URLSearchParams writes it: what blogListHref must match letter for letter. */
function reference({ page = 1, tag = null }: { page?: number; tag?: string | null }): string {
  const params = new URLSearchParams();
  if (tag) params.set("tag", tag);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}

describe("blogListHref", () => {
  const tags = [
    null,
    "",
    "gpu",
    "AI Studio",
    "a&b=c",
    "r&d/ops?x#y",
    "!'()~*-._",
    "Ünïcødé ✓",
    "emoji 🚀",
    "%20+%",
    "lone \ud800 surrogate",
    "\udc00",
  ];
  it("writes the query as URLSearchParams does, for every kind of tag and page", () => {
    for (const tag of tags) {
      for (const page of [1, 2, 13]) expect(blogListHref({ page, tag }), `${tag} ${page}`).toBe(reference({ page, tag }));
    }
    expect(blogListHref()).toBe("/blog");
  });
});
