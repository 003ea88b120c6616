import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app/create-app";
import { previewNow, publicNow } from "../../src/content/content.server";
import { clearGenerationMemo } from "../../src/content/generations.server";
import { blogPostsQuery } from "../../src/features/blog/queries";
import { previewCookieValue } from "../../src/middleware/preview";
import { firstRunLookbackMs, publishedUntilKey, scheduled } from "../../src/app/scheduled.server";
import type { ScheduledJob } from "../../src/router/feature.server";
import { editAttr } from "../../src/ui/editable";
import { blogPosts } from "./fixtures/blog";
import { cmsPage, homeBlocks, placement } from "./fixtures/pages";
import { mockDirectus, request, resetContentState, testSecrets, textOf, type UpstreamCall } from "./helpers";

/**
 * The editors' loop: Live Preview links from Directus (token -> cookie -> clean path), framing by
 * the CMS, visual-editing markers and the preview bar in previews only, content versions, the
 * server-set `$now` of scheduled publishing and the cron handler that makes scheduled items appear.
 */
const token = testSecrets.DIRECTUS_PREVIEW_TOKEN;
const cms = "http://127.0.0.1:8055"; // API_BASE_URL in wrangler.toml (dev)
const appWith = (directus: ReturnType<typeof mockDirectus>) => createApp({ pageCache: false, content: { fetch: directus.fetch } });
const previewCookie = async () => `meridian_preview=${await previewCookieValue(token)}`;
const callsOf = (directus: ReturnType<typeof mockDirectus>, name: string) => directus.calls.filter((call) => call.operationName === name);

/** A post as the post page reads it, with the fields the preview bar shows. */
const postWith = (overrides: Record<string, unknown> = {}) => {
  const { body, author, ...card } = blogPosts[1]!;
  return { ...card, body, author: { ...author }, status: "draft", date_updated: "2026-11-20T10:30:00.000Z", ...overrides };
};

beforeEach(resetContentState);

describe("$now: set by the server alone", () => {
  it("is this minute, rounded down, in public queries and the end of time in a preview", async () => {
    const directus = mockDirectus();
    const app = appWith(directus);
    const before = publicNow();
    await request("/blog", { app });
    const now = callsOf(directus, "BlogPosts")[0]!.variables.now as string;
    expect(now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
    expect(Date.parse(now)).toBeGreaterThanOrEqual(Date.parse(before));
    expect(Date.parse(now)).toBeLessThanOrEqual(Date.now());
    await request("/blog", { app, headers: { Cookie: await previewCookie() } });
    expect(callsOf(directus, "BlogPosts").at(-1)!.variables).toMatchObject({ now: previewNow, status: ["published", "draft"] });
  });

  it("overrides what a browser sends to /graphql, and stays out of the cache key", async () => {
    const directus = mockDirectus();
    const app = appWith(directus);
    const post = (variables: Record<string, unknown>) =>
      request("/graphql", {
        app,
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ operationName: blogPostsQuery.name, query: blogPostsQuery.document, variables }),
      });
    const first = await post({ now: "9999-12-31T23:59:59.999Z", status: ["draft"] });
    expect(first.status).toBe(200);
    expect(callsOf(directus, "BlogPosts")[0]!.variables).toEqual({ status: ["published"], now: expect.stringMatching(/:00\.000Z$/) });
    expect(callsOf(directus, "BlogPosts")[0]!.variables.now).not.toBe("9999-12-31T23:59:59.999Z");
    // Another `now` from the browser is the same query: served from the cache.
    expect((await post({ now: "2000-01-01T00:00:00.000Z" })).status).toBe(200);
    expect(directus.count("BlogPosts")).toBe(1);
  });
});

describe("the preview route: token -> cookie -> clean path", () => {
  it.each([
    ["posts", "2", "/blog/blog-post-2"],
    ["authors", "1", "/blog/authors/1"],
    ["jobs", "5", "/careers/gpu-scheduler-amsterdam"],
    ["events", "1", "/events/ai-infra-summit-berlin"],
    ["docs_pages", "22", "/docs/gpu-clusters/slurm/multi-node-jobs"],
  ])("finds the page of %s item %s", async (collection, id, path) => {
    const response = await request(`/api/preview?token=${token}&collection=${collection}&id=${id}&version=main`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(path);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("set-cookie")).toMatch(/^meridian_preview=[^;]+; Max-Age=28800; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it.each([
    ["an unknown item", "collection=posts&id=404", 404],
    ["an item not saved yet", "collection=posts&id=%2B", 404],
    ["a collection without pages", "collection=speakers&id=1", 400],
    ["a collection named like an object property", "collection=constructor&id=1", 400],
    ["an id with punctuation", "collection=posts&id=1%20OR%201", 400],
    ["a version key with punctuation", "collection=posts&id=2&version=a:b", 400],
    ["no token", "collection=posts&id=2", 401],
  ])("refuses %s", async (_name, query, status) => {
    const withToken = status === 401 ? query : `token=${token}&${query}`;
    const response = await request(`/api/preview?${withToken}`, { redirect: "manual" });
    expect(response.status).toBe(status);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("inside the CMS iframe sets SameSite=None; Secure; Partitioned cookies (the iframe is cross-site)", async () => {
    const response = await request(`/api/preview?token=${token}&collection=posts&id=2`, {
      redirect: "manual",
      headers: { "Sec-Fetch-Dest": "iframe" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toMatch(
      /^meridian_preview=[^;]+; Max-Age=28800; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned/,
    );
    const exit = await request("/api/preview/exit?path=/blog", { redirect: "manual", headers: { "Sec-Fetch-Dest": "iframe" } });
    expect(exit.headers.get("set-cookie")).toMatch(/^meridian_preview=; Max-Age=0; Path=\/; Secure; SameSite=None; Partitioned/);
  });

  it("keeps a content version in a second cookie, and refuses a version the item does not have", async () => {
    const directus = mockDirectus({
      BlogPostVersion: (call: UpstreamCall) => ({
        posts_by_id: call.variables.version === "spring" ? postWith({ title: "Spring title" }) : null,
      }),
    });
    const app = appWith(directus);
    const response = await request(`/api/preview?token=${token}&collection=posts&id=2&version=spring`, { app, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/blog/blog-post-2");
    expect(response.headers.get("set-cookie")).toContain("meridian_preview_version=posts%3A2%3Aspring;");
    expect(callsOf(directus, "BlogPostVersion")[0]!.authorization).toBe(`Bearer ${token}`);
    const missing = await request(`/api/preview?token=${token}&collection=posts&id=2&version=autumn`, { app, redirect: "manual" });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('no content version "autumn"');
  });

  it("never lets the token out: not in the answer, the page it leads to, or any console line", async () => {
    const captured: string[] = [];
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation(
        (...args: unknown[]) => void captured.push(args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg))).join(" ")),
      );
    }
    try {
      const logged = { REQUEST_LOG: "on" };
      const answers: Response[] = [
        await request(`/api/preview?token=${token}&path=/blog`, { redirect: "manual", env: logged }),
        await request(`/api/preview?token=${token}&collection=posts&id=2&version=main`, {
          redirect: "manual",
          env: logged,
          headers: { "Sec-Fetch-Dest": "iframe" },
        }),
        await request(`/api/preview?token=${token}&collection=posts&id=404`, { redirect: "manual", env: logged }),
      ];
      const cookie = answers[0]!.headers.get("set-cookie")!.split(";")[0]!;
      answers.push(await request(answers[0]!.headers.get("location")!, { env: logged, headers: { Cookie: cookie } }));
      expect(answers.map((answer) => answer.status)).toEqual([302, 302, 404, 200]);
      for (const answer of answers) {
        for (const [name, value] of answer.headers) expect(value, name).not.toContain(token);
        expect(await answer.text()).not.toContain(token);
      }
      expect(captured.some((line) => line.includes('"event":"request"'))).toBe(true);
      for (const line of captured) expect(line).not.toContain(token);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe("framing by the CMS", () => {
  const framing = (response: Response) =>
    /(?:^|; )frame-ancestors ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

  it("lets the Directus origin alone frame a preview page; public pages and other answers stay unframeable", async () => {
    const preview = await request("/blog/blog-post-2", { headers: { Cookie: await previewCookie() } });
    expect(preview.headers.get("content-type")).toContain("text/html");
    expect(framing(preview)).toBe(cms);
    expect(preview.headers.get("x-frame-options")).toBeNull();
    // The visual-editing overlay's style element gets the page's nonce.
    const csp = preview.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);

    const publicPage = await request("/blog/blog-post-2");
    expect(framing(publicPage)).toBe("'none'");
    expect(publicPage.headers.get("x-frame-options")).toBe("DENY");
    expect(publicPage.headers.get("content-security-policy")).toContain("style-src 'self';");

    const previewJson = await request("/graphql", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: await previewCookie() },
      body: JSON.stringify({ operationName: blogPostsQuery.name, query: blogPostsQuery.document }),
    });
    expect(framing(previewJson)).toBe("'none'");
  });

  it("names CMS_PUBLIC_URL's origin when editors reach Directus elsewhere than the worker does", async () => {
    const preview = await request("/blog/blog-post-2", {
      headers: { Cookie: await previewCookie() },
      env: { CMS_PUBLIC_URL: "https://cms.meridian.example/admin/" },
    });
    expect(framing(preview)).toBe("https://cms.meridian.example");
    expect(await preview.text()).toContain('href="https://cms.meridian.example/admin/content/posts/2"');
  });
});

describe("editors' markup: in a preview only", () => {
  const scheduledAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const directusWithPost = () => mockDirectus({ BlogPost: { posts: [postWith({ status: "published", published_at: scheduledAt })] } });

  it("public pages carry no visual-editing markers, no editor links and no item reference", async () => {
    for (const path of [
      "/blog/blog-post-2",
      "/blog/authors/1",
      "/careers/gpu-scheduler-amsterdam",
      "/events/ai-infra-summit-berlin",
      "/docs/getting-started/quickstart",
    ]) {
      const response = await request(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).not.toContain("data-directus");
      expect(html, path).not.toContain("/admin/content/");
      expect(html, path).not.toContain('"editable"');
      expect(html, path).not.toContain("data-editor-");
      expect(html, path).toContain('<script type="speculationrules"'); // visitors' browsers prefetch on intent
    }
  });

  it("a preview page marks the editable fields and shows status, schedule, last edit and 'Edit in CMS'", async () => {
    const response = await request("/blog/blog-post-2", { app: appWith(directusWithPost()), headers: { Cookie: await previewCookie() } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`data-directus="${editAttr({ collection: "posts", item: "2", fields: "title", mode: "popover" })}"`);
    expect(html).toContain('data-directus="collection:posts;item:2;fields:title;mode:popover"');
    expect(html).toContain('data-directus="collection:posts;item:2;fields:description;mode:popover"');
    expect(html).toContain('data-directus="collection:posts;item:2;fields:body"');
    expect(html).toContain('data-directus="collection:posts;item:2;fields:cover"');
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:8055\/admin\/content\/posts\/2" target="_blank" rel="noopener"[^>]*>Edit in CMS/);
    expect(html).toContain('data-editor-status="published"');
    expect(html).toContain(`data-editor-scheduled="${scheduledAt}"`);
    expect(html).toContain("Scheduled for ");
    expect(html).toContain("Last edited 20 Nov, 10:30 UTC");
    expect(html).not.toContain("speculationrules"); // no prefetching of drafts that change under the editor
  });

  it("marks the event's title, description and each speaker's name", async () => {
    const html = await (await request("/events/ai-infra-summit-berlin", { headers: { Cookie: await previewCookie() } })).text();
    expect(html).toContain('data-directus="collection:events;item:1;fields:title;mode:popover"');
    expect(html).toContain('data-directus="collection:events;item:1;fields:description"');
    expect(html).toMatch(/data-directus="collection:speakers;item:\d+;fields:name;mode:popover"/);
  });

  it("marks the author, the role and the doc page", async () => {
    const cookie = await previewCookie();
    const author = await (await request("/blog/authors/1", { headers: { Cookie: cookie } })).text();
    expect(author).toContain('data-directus="collection:authors;item:1;fields:first_name,second_name;mode:popover"');
    expect(author).toContain('data-directus="collection:authors;item:1;fields:full_bio"');
    const job = await (await request("/careers/gpu-scheduler-amsterdam", { headers: { Cookie: cookie } })).text();
    expect(job).toContain('data-directus="collection:jobs;item:5;fields:role;mode:popover"');
    expect(job).toContain('data-directus="collection:jobs;item:5;fields:description"');
    const doc = await (await request("/docs/getting-started/quickstart", { headers: { Cookie: cookie } })).text();
    expect(doc).toContain('data-directus="collection:docs_pages;item:12;fields:title;mode:popover"');
    expect(doc).toContain('data-directus="collection:docs_pages;item:12;fields:body"');
    expect(doc).toContain('href="http://127.0.0.1:8055/admin/content/docs_pages/12"');
  });
});

describe("content versions in a preview", () => {
  it("show the named version of that item, with a badge; other items stay on their main version", async () => {
    const directus = mockDirectus({
      BlogPostVersion: (call: UpstreamCall) => ({
        posts_by_id: postWith({ id: String(call.variables.id), title: "Spring title", status: "published" }),
      }),
    });
    const app = appWith(directus);
    const cookie = `${await previewCookie()}; meridian_preview_version=posts%3A2%3Aspring`;
    const page = await request("/blog/blog-post-2", { app, headers: { Cookie: cookie } });
    const html = await page.text();
    expect(html).toContain("Spring title");
    expect(html).toContain('data-editor-version="spring"');
    expect(html).toContain("Version: spring");
    expect(callsOf(directus, "BlogPostVersion").map((call) => call.variables)).toEqual([{ id: "2", version: "spring" }]);

    const other = await (await request("/blog/blog-post-3", { app, headers: { Cookie: cookie } })).text();
    expect(other).toContain("Blog post 3");
    expect(other).not.toContain("data-editor-version");
    expect(directus.count("BlogPostVersion")).toBe(1);
  });

  it("render a doc page's versioned Markdown like its main body", async () => {
    const directus = mockDirectus({
      DocsPageVersion: {
        docs_pages_by_id: {
          id: "12",
          title: "Quickstart, reworked",
          description: null,
          status: "draft",
          publish_at: null,
          date_updated: null,
          body: "## Versioned heading\n\nNew text.",
        },
      },
    });
    const cookie = `${await previewCookie()}; meridian_preview_version=docs_pages%3A12%3Adraft`;
    const html = await (await request("/docs/getting-started/quickstart", { app: appWith(directus), headers: { Cookie: cookie } })).text();
    expect(html).toContain("Quickstart, reworked");
    expect(html).toMatch(/<h2[^>]*>.*Versioned heading/);
    expect(html).toContain("Version: draft");
  });

  it("show a page's version with its blocks' changes", async () => {
    const about = (headline: string) =>
      cmsPage("/about", [placement(1, "block_hero", { ...homeBlocks[0]!.item, headline }), homeBlocks[1]], { id: "7" });
    const directus = mockDirectus({
      Page: (call: UpstreamCall) => ({ pages: call.variables.path === "/about" ? [about("Main headline")] : [] }),
      PageVersion: (call: UpstreamCall) => ({ pages_by_id: call.variables.version === "launch" ? about("Launch headline") : null }),
    });
    const cookie = `${await previewCookie()}; meridian_preview_version=pages%3A7%3Alaunch`;
    const html = await (await request("/about", { app: appWith(directus), headers: { Cookie: cookie } })).text();
    expect(html).toContain("Launch headline");
    expect(html).not.toContain("Main headline");
    expect(html).toContain("Version: launch");
    expect(callsOf(directus, "PageVersion").map((call) => call.variables)).toMatchObject([{ id: "7", version: "launch" }]);
  });

  it("show a section's version on the page being previewed, wherever the page places it", async () => {
    const quote = (words: string) => ({
      id: "4",
      blocks: [placement(41, "block_quote", { id: "41", quote: words, author_name: "A. Person", author_title: null })],
    });
    const page = cmsPage(
      "/about",
      [placement(40, "sections", quote("Main words")), homeBlocks[0], placement(42, "sections", quote("Main words"))],
      {
        id: "7",
      },
    );
    const directus = mockDirectus({
      Page: (call: UpstreamCall) => ({ pages: call.variables.path === "/about" ? [page] : [] }),
      SectionVersion: (call: UpstreamCall) => ({ sections_by_id: call.variables.version === "spring" ? quote("Spring words") : null }),
    });
    const cookie = `${await previewCookie()}; meridian_preview_version=sections%3A4%3Aspring`;
    const html = await (await request("/about", { app: appWith(directus), headers: { Cookie: cookie } })).text();
    expect(textOf(html).match(/Spring words/g)).toHaveLength(2);
    expect(html).not.toContain("Main words");
    expect(html).toContain("Section version: spring");
    expect(callsOf(directus, "SectionVersion").map((call) => call.variables)).toMatchObject([{ id: "4", version: "spring" }]);

    // A page that does not show the section stays on its main version and reads no version.
    const other = mockDirectus({
      Page: (call: UpstreamCall) => ({ pages: call.variables.path === "/about" ? [cmsPage("/about", [homeBlocks[0]], { id: "7" })] : [] }),
    });
    const plain = await (await request("/about", { app: appWith(other), headers: { Cookie: cookie } })).text();
    expect(plain).toContain("Train and serve models");
    expect(plain).not.toContain("data-editor-version");
    expect(other.count("SectionVersion")).toBe(0);
  });

  it("are ignored outside a preview", async () => {
    const directus = mockDirectus();
    const html = await (
      await request("/blog/blog-post-2", { app: appWith(directus), headers: { Cookie: "meridian_preview_version=posts%3A2%3Aspring" } })
    ).text();
    expect(html).toContain("Blog post 2");
    expect(directus.count("BlogPostVersion")).toBe(0);
  });
});

describe("the scheduled handler", () => {
  const at = Date.parse("2026-11-23T10:05:30.000Z");
  const generation = async (collection: string) => env.CONTENT_CACHE.get(`gen:${collection}`);
  const run = async (directus: ReturnType<typeof mockDirectus>, scheduledTime = at, jobs?: ScheduledJob[]) => {
    const ctx = createExecutionContext();
    try {
      await scheduled({ scheduledTime, cron: "* * * * *" }, { ...env, ...testSecrets }, ctx, {
        fetch: directus.fetch,
        ...(jobs ? { jobs } : {}),
      });
    } finally {
      await waitOnExecutionContext(ctx);
      clearGenerationMemo();
    }
  };

  beforeEach(() => env.CONTENT_CACHE.delete(publishedUntilKey));
  afterEach(() => vi.restoreAllMocks());

  it("bumps the generations of exactly the collections with items whose publish time passed", async () => {
    const directus = mockDirectus({
      ScheduledPublications: { posts: [{ id: "7" }], jobs: [], events: [{ id: "3" }, { id: "4" }], docs_pages: [] },
    });
    const before = {
      posts: await generation("posts"),
      jobs: await generation("jobs"),
      events: await generation("events"),
      docs: await generation("docs_pages"),
      all: await generation("*"),
    };
    vi.spyOn(console, "log").mockImplementation(() => {});
    await run(directus);
    expect(await generation("posts")).not.toBe(before.posts);
    expect(await generation("events")).not.toBe(before.events);
    expect(await generation("*")).not.toBe(before.all);
    expect(await generation("jobs")).toBe(before.jobs);
    expect(await generation("docs_pages")).toBe(before.docs);
    const [call] = callsOf(directus, "ScheduledPublications");
    // The first run looks back a day; the window ends at the minute, like the public `$now`.
    expect(call!.variables).toEqual({
      since: new Date(Date.parse("2026-11-23T10:05:00.000Z") - firstRunLookbackMs).toISOString(),
      until: "2026-11-23T10:05:00.000Z",
    });
    expect(call!.authorization).toBe(`Bearer ${token}`);
    expect(await env.CONTENT_CACHE.get(publishedUntilKey)).toBe("2026-11-23T10:05:00.000Z");
  });

  it("asks for the window since the last run, and nothing twice in one minute", async () => {
    const directus = mockDirectus();
    await run(directus, at);
    await run(directus, at + 20_000); // same minute: done already
    expect(directus.count("ScheduledPublications")).toBe(1);
    await run(directus, at + 60_000);
    expect(callsOf(directus, "ScheduledPublications")[1]!.variables).toEqual({
      since: "2026-11-23T10:05:00.000Z",
      until: "2026-11-23T10:06:00.000Z",
    });
  });

  it("runs every job even when one fails, logs the failure and fails the invocation", async () => {
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void errors.push(String(line)));
    let ran = false;
    const jobs: ScheduledJob[] = [
      {
        name: "broken",
        run: async () => {
          throw new Error("index store unavailable");
        },
      },
      {
        name: "fine",
        run: async () => {
          ran = true;
        },
      },
    ];
    await expect(run(mockDirectus(), at, jobs)).rejects.toThrow("scheduled: broken failed");
    expect(ran).toBe(true);
    expect(errors.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ event: "scheduled_job_failed", job: "broken", message: "index store unavailable" }),
    ]);
  });

  it("is the worker's scheduled export", async () => {
    const worker = (await import("../../src/worker")).default;
    expect(typeof worker.scheduled).toBe("function");
  });
});
