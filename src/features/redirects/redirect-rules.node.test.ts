import { describe, expect, it } from "vitest";
import { movedPageRedirects } from "../pages/cms/page-paths.mjs";
import {
  applyTarget,
  chainProblem,
  comparablePath,
  matchRedirect,
  movedPostRedirects,
  offSiteProblem,
  patternProblem,
  redirectFlowScript,
  redirectOnSave,
  targetProblem,
} from "../../../cms/scripts/redirect-rules.mjs";

const rule = (source: string, target: string | null, match = "exact", status_code = 308) =>
  ({ source, target, match, status_code }) as Parameters<typeof chainProblem>[0];

describe("patternProblem (what a regular expression may be)", () => {
  it.each(["/news/(\\d{4})/([a-z0-9-]+)", "/docs/v1/(.*)", "/(en|de)/pricing", "/a+/b*", "/(?:x|y)z", "/[(+]+"])(
    "accepts %s",
    (pattern) => {
      expect(patternProblem(pattern)).toBeNull();
    },
  );

  it.each(["/(a+)+", "/(a|ab)*c", "/((ab)*)+", "/(\\w+\\s?)*$", "/(a*){2,}", "/(x+){3,9}"])(
    "refuses %s, which can backtrack catastrophically",
    (pattern) => {
      expect(patternProblem(pattern)).toMatch(/repeats a group/);
    },
  );

  it("refuses back-references, patterns that do not compile and very long ones", () => {
    expect(patternProblem("/(a)\\1")).toMatch(/back-reference/);
    expect(patternProblem("/(unclosed")).toMatch(/not a valid regular expression/);
    expect(patternProblem(`/${"a".repeat(400)}`)).toMatch(/longer than 300/);
  });
});

describe("matching and targets", () => {
  it("compares whole path segments for prefixes and keeps the rest", () => {
    const docs = rule("/docs/v1", "/docs", "prefix");
    expect(matchRedirect(docs, "/docs/v1")).toEqual([""]);
    expect(matchRedirect(docs, "/docs/v1/a/b")).toEqual(["/a/b"]);
    expect(matchRedirect(docs, "/docs/v10")).toBeNull();
    expect(applyTarget(docs, "/docs", ["/a/b"])).toBe("/docs/a/b");
    expect(applyTarget(docs, "/docs?from=v1", ["/a"])).toBe("/docs/a?from=v1");
  });

  it("matches a pattern against the whole path and fills its captures", () => {
    const news = rule("/news/(\\d{4})/([a-z-]+)", "/blog/$2?year=$1", "regex");
    const captures = matchRedirect(news, "/news/2024/gpu-prices");
    expect(captures).toEqual(["2024", "gpu-prices"]);
    expect(applyTarget(news, news.target!, captures!)).toBe("/blog/gpu-prices?year=2024");
    expect(matchRedirect(news, "/x/news/2024/gpu-prices")).toBeNull();
  });

  it("allows this site's paths and the allowed hosts only", () => {
    const hosts = ["status.meridian.example"];
    expect(targetProblem("/pricing", hosts)).toBeNull();
    expect(targetProblem("https://status.meridian.example/incidents", hosts)).toBeNull();
    expect(targetProblem("https://STATUS.meridian.example", hosts)).toBeNull();
    for (const open of ["https://evil.example/", "//evil.example/", "/\\evil.example", "https://status.meridian.example@evil.example/"]) {
      expect(targetProblem(open, hosts)).not.toBeNull();
    }
    expect(targetProblem("javascript://status.meridian.example/%0aalert(1)", hosts)).toMatch(/web address/);
    expect(targetProblem("https://evil.example/", hosts)).toMatch(/"evil.example" is not allowed/);
  });
});

describe("chainProblem (loops and chains)", () => {
  it("finds a redirect that leads back to itself", () => {
    expect(chainProblem(rule("/a", "/a"), [])).toMatch(/loop/);
    expect(chainProblem(rule("/docs", "/docs/v2", "prefix"), [])).toMatch(/loop/);
    expect(chainProblem(rule("/a", "/b"), [rule("/b", "/a")])).toMatch(/back and forth/);
  });

  it("finds a chain either way round", () => {
    expect(chainProblem(rule("/a", "/b"), [rule("/b", "/c")])).toMatch(/is itself redirected by \/b → \/c/);
    expect(chainProblem(rule("/b", "/c"), [rule("/a", "/b")])).toMatch(/\/a → \/b leads to an address this one would move on/);
    expect(chainProblem(rule("/old/x", "/new"), [rule("/old", "/archive", "prefix")])).toBeNull();
    expect(chainProblem(rule("/a", "/gone"), [rule("/gone", null, "exact", 410)])).toMatch(/gone \(410\)/);
  });

  it("accepts independent redirects and external targets", () => {
    expect(chainProblem(rule("/a", "/b"), [rule("/c", "/d"), rule("/x", "https://status.meridian.example/")])).toBeNull();
  });
});

describe("the flows' entries", () => {
  const trigger = (payload: Record<string, unknown>, keys: string[] = []) => ({ payload, keys });
  const base = {
    pages: [{ id: 7, path: "/pricing" }],
    posts: [{ id: 3, slug: "launch" }],
    settings: [{ redirect_hosts: ["status.meridian.example"] }],
  };

  it("redirectOnSave returns the payload with the source's trailing slash removed, or throws the editor's message", () => {
    const redirects = [{ id: 1, source: "/old", match: "exact", status_code: 308, target: "/pricing", active: true }];
    expect(redirectOnSave({ ...base, redirects, $trigger: trigger({ source: "/plans/", target_page: 7 }) })).toEqual({
      source: "/plans",
      target_page: 7,
    });
    expect(() => redirectOnSave({ ...base, redirects, $trigger: trigger({ source: "/old", target: "/x" }) })).toThrow(
      /Another redirect already handles \/old/,
    );
    expect(() => redirectOnSave({ ...base, redirects, $trigger: trigger({ source: "/older", target: "/old" }) })).toThrow(/chain/);
    expect(() => redirectOnSave({ ...base, redirects, $trigger: trigger({ target: "/x" }, ["1"]) })).not.toThrow();
    expect(() => redirectOnSave({ ...base, redirects, $trigger: trigger({ target: "/old" }, ["1"]) })).toThrow(/loop/);
    expect(() => redirectOnSave({ ...base, redirects: [], $trigger: trigger({ source: "/x", target_post: 99 }) })).toThrow(
      /post it points at is gone/,
    );
    // An inactive redirect is checked on its own, not against the others.
    expect(() =>
      redirectOnSave({ ...base, redirects, $trigger: trigger({ source: "/older", target: "/old", active: false }) }),
    ).not.toThrow();
  });

  it("a moved page gets redirects from its old address and its children's, pointing at the pages", () => {
    const all_pages = [
      { id: 1, title: "Products", slug: "products", parent: null, path: "/products" },
      { id: 2, title: "GPU", slug: "gpu", parent: 1, path: "/products/gpu" },
    ];
    const result = movedPageRedirects({
      $trigger: trigger({ slug: "platform" }, ["1"]),
      all_pages,
      compute_path: { slug: "platform", path: "/platform" },
    });
    expect(result.create.map((r: { source: string; target_page: number }) => [r.source, r.target_page])).toEqual([
      ["/products", 1],
      ["/products/gpu", 2],
    ]);
    expect(result.drop).toEqual(["/platform", "/platform/gpu"]);
    expect(result.payload).toEqual({ slug: "platform", path: "/platform" });
    const unchanged = movedPageRedirects({
      $trigger: trigger({ title: "New title" }, ["1"]),
      all_pages,
      compute_path: { title: "New title" },
    });
    expect(unchanged.create).toEqual([]);
  });

  it("a renamed post gets a redirect to the post; a taken slug is refused first", () => {
    const result = movedPostRedirects({
      $trigger: trigger({ slug: "new" }, ["3"]),
      posts_before: [{ id: 3, slug: "old" }],
      slug_taken: [],
    });
    expect(result.create).toEqual([
      expect.objectContaining({ source: "/blog/old", target_post: 3, status_code: 308, origin: "automatic" }),
    ]);
    expect(result.drop).toEqual(["/blog/new"]);
    expect(() =>
      movedPostRedirects({ $trigger: trigger({ slug: "new" }, ["3"]), posts_before: [{ id: 3, slug: "old" }], slug_taken: [{ id: 4 }] }),
    ).toThrow(/already has the slug/);
    expect(movedPostRedirects({ $trigger: trigger({ title: "x" }, ["3"]), posts_before: [{ id: 3, slug: "old" }] }).create).toEqual([]);
  });

  it("the flow scripts are self-contained and free of Directus' template braces", async () => {
    const cases = [
      [redirectOnSave, { ...base, redirects: [], $trigger: trigger({ source: "/a/", target: "/b" }) }, { source: "/a", target: "/b" }],
      [
        movedPostRedirects,
        { $trigger: trigger({ title: "x" }, ["3"]), posts_before: [{ id: 3, slug: "old" }] },
        { create: [], drop: ["-"], payload: { title: "x" } },
      ],
    ] as const;
    for (const [entry, data, expected] of cases) {
      const script = redirectFlowScript(entry);
      expect(script).not.toContain("{{");
      // Runs on its own, as in the flow's sandbox (no imports, no closures).
      const module = { exports: null as unknown as (data: unknown) => Promise<unknown> };
      new Function("module", script)(module);
      await expect(module.exports(data)).resolves.toEqual(expected);
    }
  });
});

describe("what a visitor's address can make of a redirect", () => {
  it("keeps what follows a prefix or fills a capture as a path on this site", () => {
    const prefix = { source: "/old", match: "prefix" as const };
    expect(applyTarget(prefix, "/", ["//evil.example"])).toBe("/evil.example");
    expect(applyTarget(prefix, "/", ["/\\evil.example"])).toBe("/evil.example");
    expect(applyTarget(prefix, "/", ["/.//evil.example/login"])).toBe("/evil.example/login");
    expect(applyTarget(prefix, "/new", ["/a/b"])).toBe("/new/a/b");
    const pattern = { source: "/g/(.*)", match: "regex" as const };
    expect(applyTarget(pattern, "/$1", ["/evil.example"])).toBe("/evil.example");
    expect(applyTarget(pattern, "/$1?from=g", ["\\\\evil.example"])).toBe("/evil.example?from=g");
    expect(applyTarget(pattern, "https://status.meridian.example/$1", ["x"])).toBe("https://status.meridian.example/x");
  });

  it("compares paths as the site sees them: decoded, without a trailing slash", () => {
    expect(comparablePath("/a/")).toBe("/a");
    expect(comparablePath("/%65nc")).toBe("/enc");
    expect(comparablePath("/")).toBe("/");
    expect(comparablePath("/%E0%A4%A")).toBe("/%E0%A4%A");
  });

  it("refuses at save a loop the site's own normalisation would make", () => {
    expect(chainProblem(rule("/a", "/a/"), [])).toMatch(/loop/);
    expect(chainProblem(rule("/enc", "/%65nc"), [])).toMatch(/loop/);
    expect(chainProblem(rule("/b", "/c/"), [rule("/c", "/b")])).toMatch(/loop/);
  });

  it("judges the Location a rule could send for hostile captures, as the worker does", () => {
    const hosts = ["status.meridian.example"];
    expect(offSiteProblem(rule("/old", "/", "prefix"), hosts)).toBeNull();
    expect(offSiteProblem(rule("/g/(.*)", "/$1", "regex"), hosts)).toBeNull();
    expect(offSiteProblem(rule("/s/(.*)", "https://status.meridian.example/$1", "regex"), hosts)).toBeNull();
    // Only targetProblem keeps these out today; the probe refuses them on its own as well.
    expect(offSiteProblem(rule("/h/(.*)", "https://$1/", "regex"), hosts)).toMatch(/another site/);
    expect(offSiteProblem(rule("/h/(.*)", "https://status.meridian.example$1", "regex"), hosts)).toMatch(/another site/);
    expect(offSiteProblem(rule("/e", "https://evil.example/", "exact"), hosts)).toMatch(/another site/);
  });

  it("refuses look-around, which the linear-time matcher does not run", () => {
    expect(patternProblem("/x/(?!admin).*")).toMatch(/look-ahead/);
    expect(patternProblem("/x/(?<=a)b")).toMatch(/look-ahead/);
    expect(patternProblem("/x/(?:a|b)")).toBeNull();
  });
});
