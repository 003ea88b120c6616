import { describe, expect, it } from "vitest";
import { createMatcher } from "./match";
import { matchRoute, routeIds, routeTable } from "../app/table";

describe("createMatcher", () => {
  const match = createMatcher({
    post: "/blog/:slug",
    author: "/blog/authors/:id",
    blog: "/blog",
    docs: "/docs/*path",
    docsHome: "/docs",
    feed: "/blog/feed",
  });

  it("matches static segments before parameters, whatever the order of the table", () => {
    expect(match("/blog/feed")).toEqual({ id: "feed", params: {} });
    expect(match("/blog/hello")).toEqual({ id: "post", params: { slug: "hello" } });
    expect(match("/blog/authors/7")).toEqual({ id: "author", params: { id: "7" } });
  });

  it("decodes parameters and refuses a broken escape", () => {
    expect(match("/blog/caf%C3%A9")).toEqual({ id: "post", params: { slug: "café" } });
    expect(match("/blog/%E0%A4%A")).toBeNull();
  });

  it("takes one or more segments into a rest parameter", () => {
    expect(match("/docs")).toEqual({ id: "docsHome", params: {} });
    expect(match("/docs/gpu/slurm/jobs")).toEqual({ id: "docs", params: { path: "gpu/slurm/jobs" } });
  });

  it("never matches a trailing slash, an empty segment or a file name", () => {
    for (const path of ["/blog/", "/blog//x", "/blog/rss.xml", "/docs/intro.md", "/docs/a//b", "//blog"]) {
      expect(match(path), path).toBeNull();
    }
  });
});

describe("the route table", () => {
  it("gives every route a module with a loader, a view and its operations", async () => {
    for (const id of routeIds) {
      const { default: route } = await routeTable[id].module();
      expect(typeof route.load, id).toBe("function");
      expect(typeof route.View, id).toBe("function");
      expect(Array.isArray(route.operations), id).toBe(true);
    }
  });

  it("matches the site's pages", () => {
    expect(matchRoute("/")?.id).toBe("home");
    expect(matchRoute("/blog")?.id).toBe("blog");
    expect(matchRoute("/blog/authors/3")).toEqual({ id: "author", params: { id: "3" } });
    expect(matchRoute("/careers/senior-sre")).toEqual({ id: "job", params: { slug: "senior-sre" } });
    expect(matchRoute("/blog/")).toBeNull();
    expect(matchRoute("/blog/rss.xml")).toBeNull();
  });
});
