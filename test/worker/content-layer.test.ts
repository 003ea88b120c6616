import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app/create-app";
import { bumpGeneration, clearGenerationMemo } from "../../src/content/generations.server";
import { surelyNotRedirected } from "../../src/features/redirects/store.server";
import { servePageFromMemory } from "../../src/middleware/page-cache";
import { previewCookieValue } from "../../src/middleware/preview";
import { searchProposalsQuery } from "../../src/features/search/queries";
import { siteChromeQuery } from "../../src/content/queries/site";
import { homeData } from "./fixtures/home";
import { searchProposalsData } from "./fixtures/search";
import { mockDirectus, request, resetContentState, siteChromeData, spyKv, testSecrets } from "./helpers";

beforeEach(resetContentState);

function appWith(directus: ReturnType<typeof mockDirectus>, pageCache = false) {
  return createApp({ content: { fetch: directus.fetch }, pageCache });
}

const revalidate = (app: ReturnType<typeof createApp>, body: unknown, secret: string | null = testSecrets.REVALIDATE_SECRET) =>
  request("/api/revalidate", {
    app,
    method: "POST",
    headers: { "Content-Type": "application/json", ...(secret ? { "X-Revalidate-Secret": secret } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("page content through the cache", () => {
  it("renders CMS content and costs one upstream request per query cold, none warm", async () => {
    const directus = mockDirectus();
    const app = appWith(directus);
    const cold = await request("/", { app });
    expect(await cold.text()).toContain("84.12");
    // The shell, the page and its feed blocks' content, and the running experiments (is the page everyone's?).
    expect(cold.headers.get("server-timing")).toContain('content;desc="upstream=4"');
    expect(cold.headers.get("server-timing")).toMatch(/, content-wait;dur=\d+$/);
    const warm = await request("/", { app });
    expect(warm.headers.get("server-timing")).toContain('content;desc="memory=3"');
    expect(directus.count("SiteChrome")).toBe(1);
    expect(directus.count("Page")).toBe(1);
    expect(directus.count("HomeContent")).toBe(1);
  });

  it("serialises the results of the route's own queries into the page for the browser's cache, not the shell's", async () => {
    const directus = mockDirectus();
    const html = await (await request("/", { app: appWith(directus) })).text();
    const payload = JSON.parse(/<script id="__STATE__"[^>]*>(.*?)<\/script>/s.exec(html)![1]!);
    expect(payload.route).toBe("home");
    const keys = Object.keys(payload.queries);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe('Page:{"path":"/"}');
    expect(keys[1]).toMatch(/^HomeContent:/);
    expect(payload.queries[keys[1]!]).toEqual(homeData);
    // The shell's data reaches the browser once, as `site`, which the browser does not refetch.
    expect(payload.site.stock.value).toBe(siteChromeData.stock_quote.value);
    expect(payload.queries["SiteChrome:{}"]).toBeUndefined();
  });

  it("shows the 500 screen (status 502) when Directus is down and nothing is cached", async () => {
    const directus = mockDirectus();
    directus.state.down = true;
    const response = await request("/", { app: appWith(directus) });
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(html).toContain("The server could not load the page");
    expect(html).not.toContain("Last update"); // the shell renders without the stock block
  });
});

describe("POST /api/revalidate", () => {
  it("refuses a missing or wrong secret with 401", async () => {
    const app = appWith(mockDirectus());
    expect((await revalidate(app, { collection: "posts", keys: ["1"] }, null)).status).toBe(401);
    expect((await revalidate(app, { collection: "posts", keys: ["1"] }, "wrong")).status).toBe(401);
  });

  it("answers malformed bodies with 400 and unknown collections with 200", async () => {
    const app = appWith(mockDirectus());
    const bad = await revalidate(app, "{not json");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain("collection");
    const unknown = await revalidate(app, { collection: "directus_users", keys: ["1"] });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ ignored: true });
  });

  it("makes the next request refetch: an edit shows without waiting for the TTL", async () => {
    let ticker = "MRDN";
    const directus = mockDirectus({ SiteChrome: () => ({ ...siteChromeData, stock_quote: { ...siteChromeData.stock_quote, ticker } }) });
    const app = appWith(directus);
    expect(await (await request("/", { app })).text()).toContain(">MRDN<");
    ticker = "MRDX";
    expect(await (await request("/", { app })).text()).toContain(">MRDN<"); // still fresh in the cache
    const first = await revalidate(app, { collection: "stock_quote", keys: ["1"] });
    expect(first.status).toBe(200);
    expect(await (await request("/", { app })).text()).toContain(">MRDX<");
    expect((await revalidate(app, { collection: "stock_quote", keys: ["1"] })).status).toBe(200); // idempotent
    expect(directus.count("SiteChrome")).toBe(2);
  });
});

describe("editor preview", () => {
  it("with the X-Preview-Token header: privileged query, no cache read or write, private and noindex, badge", async () => {
    const directus = mockDirectus();
    const spy = spyKv(env.CONTENT_CACHE);
    const response = await request("/", {
      app: appWith(directus, true),
      env: { CONTENT_CACHE: spy.kv },
      headers: { "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("x-page-cache")).toBeNull();
    const html = await response.text();
    expect(html).toContain("Preview");
    expect(html).toContain('href="/api/preview/exit?path=%2F"');
    expect(directus.calls[0]!.authorization).toBe(`Bearer ${testSecrets.DIRECTUS_PREVIEW_TOKEN}`);
    expect(spy.ops.filter((op) => op.key.startsWith("q:"))).toEqual([]);
    // Nothing of it reached the page cache: the next public request renders anew.
    const publicResponse = await request("/", { app: appWith(directus, true) });
    expect(publicResponse.headers.get("x-page-cache")).toBe("MISS");
    expect(directus.calls.at(-1)!.authorization).toBe(`Bearer ${testSecrets.DIRECTUS_READ_TOKEN}`);
  });

  it("answers a wrong token with 401, never a silent public page", async () => {
    const response = await request("/", { app: appWith(mockDirectus()), headers: { "X-Preview-Token": "guess" } });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("not valid");
  });

  it("sets the cookie through /api/preview, redirects to a local path, and exits", async () => {
    const app = appWith(mockDirectus());
    const enter = await request(`/api/preview?token=${testSecrets.DIRECTUS_PREVIEW_TOKEN}&path=/blog/some-slug`, {
      app,
      redirect: "manual",
    });
    expect(enter.status).toBe(302);
    expect(enter.headers.get("location")).toBe("/blog/some-slug");
    const cookie = enter.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^meridian_preview=[^;]+; Max-Age=28800; Path=\/; HttpOnly; SameSite=Lax/);
    expect(cookie).not.toContain(testSecrets.DIRECTUS_PREVIEW_TOKEN);
    const page = await request("/", { app, headers: { Cookie: cookie.split(";")[0]! } });
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const exit = await request("/api/preview/exit?path=/", { app, redirect: "manual" });
    expect(exit.status).toBe(302);
    expect(exit.headers.get("set-cookie")).toMatch(/^meridian_preview=; Max-Age=0/);
  });

  it.each([
    ["wrong token", "token=nope&path=/", 401],
    ["no token", "path=/", 401],
    ["absolute URL", `token=${testSecrets.DIRECTUS_PREVIEW_TOKEN}&path=https://evil.example/`, 400],
    ["protocol-relative", `token=${testSecrets.DIRECTUS_PREVIEW_TOKEN}&path=//evil.example/`, 400],
    ["backslash", `token=${testSecrets.DIRECTUS_PREVIEW_TOKEN}&path=/\\evil.example`, 400],
  ])("refuses %s", async (_name, query, status) => {
    const response = await request(`/api/preview?${query}`, { app: appWith(mockDirectus()), redirect: "manual" });
    expect(response.status).toBe(status);
  });

  it("answers an outdated preview cookie with 401 and clears it", async () => {
    const response = await request("/", { app: appWith(mockDirectus()), headers: { Cookie: "meridian_preview=stale" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("set-cookie")).toMatch(/^meridian_preview=; Max-Age=0/);
  });
});

describe("the browser's POST /graphql", () => {
  const post = (app: ReturnType<typeof createApp>, body: unknown, headers: Record<string, string> = {}) =>
    request("/graphql", {
      app,
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("serves a registered operation through the same cache as the render", async () => {
    const directus = mockDirectus();
    const app = appWith(directus);
    await request("/search", { app });
    const response = await post(app, { operationName: "SearchProposals", query: searchProposalsQuery.document, variables: {} });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: searchProposalsData });
    expect(directus.count("SearchProposals")).toBe(1);
  });

  it("refuses the server's own queries: only what route modules declare for their loaders is allowed", async () => {
    const response = await post(appWith(mockDirectus()), { operationName: "SiteChrome", query: siteChromeQuery.document });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ message: 'Unknown operation "SiteChrome".' }] });
  });

  it("accepts the sha256 hash of the registered document instead of its text", async () => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(searchProposalsQuery.document));
    const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    const response = await post(appWith(mockDirectus()), {
      operationName: "SearchProposals",
      extensions: { persistedQuery: { sha256Hash: hash } },
    });
    expect(response.status).toBe(200);
  });

  it.each([
    ["an unknown operation", { operationName: "DropTables", query: "query DropTables { x }" }, /Unknown operation/],
    [
      "a changed query text",
      { operationName: "SearchProposals", query: "query SearchProposals { directus_users { email } }" },
      /does not match/,
    ],
    ["a wrong hash", { operationName: "SearchProposals", extensions: { persistedQuery: { sha256Hash: "00" } } }, /hash does not match/],
    ["no query at all", { operationName: "SearchProposals" }, /query text or its sha256/],
    [
      "an undeclared variable",
      { operationName: "SearchProposals", query: searchProposalsQuery.document, variables: { limit: 1e9 } },
      /Unknown variable/,
    ],
    ["a body that is not JSON", "operationName=SiteChrome", /not a JSON object/],
    ["an array body", [], /not a JSON object/],
  ])("answers %s with 400 and a message", async (_name, body, message) => {
    const response = await post(appWith(mockDirectus()), body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(message);
  });

  it("answers GET with 405 and oversized bodies with 413", async () => {
    const app = appWith(mockDirectus());
    const get = await request("/graphql?query={__schema{types{name}}}", { app });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const big = await post(app, { operationName: "SiteChrome", query: "x".repeat(20_000) });
    expect(big.status).toBe(413);
  });

  it("forwards the preview token only for a valid preview; public reads carry the read token", async () => {
    const directus = mockDirectus();
    const app = appWith(directus);
    const body = { operationName: "SearchProposals", query: searchProposalsQuery.document };
    await post(app, body);
    expect(directus.calls[0]!.authorization).toBe(`Bearer ${testSecrets.DIRECTUS_READ_TOKEN}`);
    expect((await post(app, body, { "X-Preview-Token": "guess" })).status).toBe(401);
    await post(app, body, { "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN });
    expect(directus.calls.at(-1)!.authorization).toBe(`Bearer ${testSecrets.DIRECTUS_PREVIEW_TOKEN}`);
  });
});

describe("page cache", () => {
  it("serves the second view from the cache, the same bytes under the same policy, and renders anew after a webhook", async () => {
    const directus = mockDirectus();
    const app = appWith(directus, true);
    const first = await request("/?utm_source=newsletter", { app });
    expect(first.headers.get("x-page-cache")).toBe("MISS");
    const firstHtml = await first.text();
    const second = await request("/", { app });
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    // The page's policy trusts its script by hash: nothing in it is per request.
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(second.headers.get("content-security-policy")).not.toContain("'nonce-");
    expect(await second.text()).toBe(firstHtml);
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(second.headers.get("server-timing")).toBeNull();

    // A save of what the page shows: the webhook renders it again before the next visitor asks.
    const homeReads = directus.count("HomeContent");
    await revalidate(app, { collection: "posts", keys: ["1"], event: "update", fields: ["title"] });
    expect(directus.count("HomeContent")).toBe(homeReads + 1);
    const third = await request("/", { app });
    expect(third.headers.get("x-page-cache")).toBe("HIT");
    expect(directus.count("HomeContent")).toBe(homeReads + 1);
  });

  it("answers a hit from the isolate's memory before the app, exactly as the app would, and only when that is certain", async () => {
    const directus = mockDirectus();
    const app = appWith(directus, true);
    const workerEnv = { ...env, ...testSecrets };
    const at = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost:3000${path}`, { headers });
    // Nothing held yet: the ordinary path.
    expect(servePageFromMemory(at("/"), workerEnv, surelyNotRedirected)).toBeNull();
    await (await request("/", { app })).text(); // rendered, kept in memory
    const viaApp = await request("/", { app });
    const fast = servePageFromMemory(at("/?utm_source=mail"), workerEnv, surelyNotRedirected);
    expect(fast).not.toBeNull();
    expect(fast!.status).toBe(200);
    // The same answer as the app's hit: headers and bytes (the page's policy has no nonce).
    const names = (response: Response) => [...response.headers.keys()].sort();
    expect(names(fast!)).toEqual(names(viaApp));
    for (const name of names(viaApp)) expect([name, fast!.headers.get(name)]).toEqual([name, viaApp.headers.get(name)]);
    expect(await fast!.text()).toBe(await viaApp.text());
    expect(fast!.headers.get("x-page-cache")).toBe("HIT");
    // Again: the same bytes answered anew (the stored page is not used up by an answer).
    expect(await servePageFromMemory(at("/"), workerEnv, surelyNotRedirected)!.text()).toBe(
      await servePageFromMemory(at("/"), workerEnv, surelyNotRedirected)!.text(),
    );
    // A cookie choice changes nothing in a page: the same answer.
    const consented = servePageFromMemory(at("/", { Cookie: "meridian_consent=all" }), workerEnv, surelyNotRedirected);
    expect(await consented!.text()).toBe(await servePageFromMemory(at("/"), workerEnv, surelyNotRedirected)!.text());

    // Not certain, or not a public page view: left to the app.
    const cookie = `meridian_preview=${await previewCookieValue(testSecrets.DIRECTUS_PREVIEW_TOKEN)}`;
    expect(servePageFromMemory(at("/", { Cookie: cookie }), workerEnv, surelyNotRedirected)).toBeNull();
    expect(servePageFromMemory(at("/", { "X-Preview-Token": "anything" }), workerEnv, surelyNotRedirected)).toBeNull();
    expect(servePageFromMemory(at("/", { Authorization: "Bearer x" }), workerEnv, surelyNotRedirected)).toBeNull();
    expect(servePageFromMemory(new Request("http://localhost:3000/", { method: "HEAD" }), workerEnv, surelyNotRedirected)).toBeNull();
    expect(servePageFromMemory(at("/"), { ...workerEnv, PAGE_CACHE: "off" }, surelyNotRedirected)).toBeNull();
    // The generation read more than a second ago may be out of date: the app reads it again.
    expect(servePageFromMemory(at("/"), workerEnv, surelyNotRedirected, Date.now() + 5_000)).toBeNull();
    // After a webhook, the page held is known valid at an older generation: the app checks what it shows.
    await bumpGeneration(env.CONTENT_CACHE, "api_reference"); // a collection the home page does not show
    expect(servePageFromMemory(at("/"), workerEnv, surelyNotRedirected)).toBeNull();
    // The app finds nothing it shows changed: the page is known valid at the new generation again.
    expect((await request("/", { app })).headers.get("x-page-cache")).toBe("HIT");
    expect(servePageFromMemory(at("/"), workerEnv, surelyNotRedirected)).not.toBeNull();
  });

  it("never answers from memory an address that a redirect now moves", async () => {
    let redirects: unknown[] = [];
    const directus = mockDirectus({ Redirects: () => ({ redirects, site_settings: { redirect_hosts: [] } }) });
    const app = appWith(directus, true);
    const workerEnv = { ...env, ...testSecrets };
    await revalidate(app, { collection: "redirects", keys: [] });
    await (await request("/blog", { app })).text();
    await (await request("/blog", { app })).text();
    expect(servePageFromMemory(new Request("http://localhost:3000/blog"), workerEnv, surelyNotRedirected)).not.toBeNull();
    redirects = [
      {
        id: "1",
        source: "/blog",
        match: "exact",
        status_code: 308,
        target: "/company",
        keep_query: true,
        priority: 0,
        target_page: null,
        target_post: null,
      },
    ];
    await revalidate(app, { collection: "redirects", keys: ["1"] });
    expect(servePageFromMemory(new Request("http://localhost:3000/blog"), workerEnv, surelyNotRedirected)).toBeNull();
    const moved = await request("/blog", { app, redirect: "manual" });
    expect(moved.headers.get("location")).toBe("/company");
  });

  it("keeps one page for every cookie choice: the notice is in it, and the browser decides whether it shows", async () => {
    const app = appWith(mockDirectus(), true);
    const visit = async (consent: string | null) => {
      const response = await request("/", { app, headers: consent === null ? {} : { Cookie: `meridian_consent=${consent}` } });
      const html = await response.text();
      const payload = JSON.parse(/<script id="__STATE__"[^>]*>(.*?)<\/script>/s.exec(html)![1]!);
      return {
        cache: response.headers.get("x-page-cache"),
        cacheControl: response.headers.get("cache-control"),
        consentInPayload: "consent" in payload.site,
        notice: /<section aria-label="Cookie consent" class="consent-notice /.test(html),
        analyticsOn: /\schecked=""/.test(/<input[^>]*name="analytics"[^>]*>/.exec(html)![0]),
        html,
      };
    };
    const first = await visit(null);
    const everyone = {
      cacheControl: "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
      consentInPayload: false,
      notice: true,
      analyticsOn: false,
      html: first.html,
    };
    expect(first).toEqual({ cache: "MISS", ...everyone });
    for (const consent of ["all", "necessary", "bogus", null]) expect(await visit(consent)).toEqual({ cache: "HIT", ...everyone });
    // The head's first script marks the choice before the body is drawn; the stylesheet shows the notice for "unset" only.
    expect(first.html).toMatch(
      /^<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport"[^>]*><script>document\.documentElement\.dataset\.consent=/,
    );
  });
});

describe("status filter", () => {
  it("asks for published items only in public mode, and for drafts too in preview", async () => {
    const directus = mockDirectus();
    const app = appWith(directus);
    await request("/", { app });
    expect(directus.calls.find((c) => c.operationName === "HomeContent")!.variables.status).toEqual(["published"]);
    await request("/", { app, headers: { "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN } });
    expect(directus.calls.filter((c) => c.operationName === "HomeContent").at(-1)!.variables.status).toEqual(["published", "draft"]);
  });

  it("ignores a status sent by the browser to /graphql", async () => {
    const { homeQuery } = await import("../../src/features/pages/home.queries");
    const directus = mockDirectus();
    const response = await request("/graphql", {
      app: appWith(directus),
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        operationName: "HomeContent",
        query: homeQuery.document,
        variables: { from: "2026-01-01T00:00:00.000Z", status: ["draft"], now: "9999-12-31T23:59:59.999Z" },
      }),
    });
    expect(response.status).toBe(200);
    expect(directus.calls[0]!.variables.status).toEqual(["published"]);
  });
});

describe("page cache in the isolate's memory", () => {
  it("answers a repeated hit from memory, without a Cache API lookup", async () => {
    const app = appWith(mockDirectus(), true);
    const html = await (await request("/", { app })).text(); // render; kept in memory and in the Cache API
    const opened: string[] = [];
    const open = caches.open.bind(caches);
    caches.open = async (name: string) => {
      opened.push(name);
      return open(name);
    };
    try {
      const hit = await request("/", { app });
      expect(hit.headers.get("x-page-cache")).toBe("HIT");
      expect(await hit.text()).toBe(html);
      expect(opened).toEqual([]);
    } finally {
      caches.open = open;
    }
  });
});

describe("a burst of first requests for one page", () => {
  it("renders the page once; the others wait for it and get the same page", async () => {
    const app = appWith(mockDirectus(), true);
    const responses = await Promise.all(Array.from({ length: 8 }, () => request("/blog", { app })));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    const states = responses.map((response) => response.headers.get("x-page-cache"));
    expect(states.filter((state) => state === "MISS")).toHaveLength(1);
    expect(states.filter((state) => state === "HIT")).toHaveLength(7);
    const pages = await Promise.all(responses.map((response) => response.text()));
    expect(new Set(pages).size).toBe(1); // the same page, byte for byte
    expect(pages[0]).toContain("<h1");
    // (A page with a nonce gets each request's own: forms.test.ts, the contact page.)
  });

  it("looks for the page in the Cache API once: the others wait for that request", async () => {
    const app = appWith(mockDirectus(), true);
    const lookups: string[] = [];
    const open = caches.open.bind(caches);
    caches.open = async (name: string) => {
      const cache = await open(name);
      const match = cache.match.bind(cache);
      cache.match = (key: RequestInfo | URL, options?: CacheQueryOptions) => {
        lookups.push(new Request(key).url);
        return match(key, options);
      };
      return cache;
    };
    try {
      const responses = await Promise.all(Array.from({ length: 8 }, () => request("/blog", { app })));
      expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
      await Promise.all(responses.map((response) => response.text()));
      expect(lookups).toHaveLength(1);
      expect(lookups[0]).toMatch(/\/blog$/);
    } finally {
      caches.open = open;
    }
  });

  it("reads each KV key it needs before the page once, not once per request", async () => {
    // The clock stands still, so the isolate's one-second copy of the generations cannot expire
    // mid-test; the copy starts empty (resetting the content bumped a generation into it).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    clearGenerationMemo();
    try {
      const spy = spyKv(env.CONTENT_CACHE);
      const app = appWith(mockDirectus(), true);
      const responses = await Promise.all(Array.from({ length: 8 }, () => request("/blog", { app, env: { CONTENT_CACHE: spy.kv } })));
      expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
      await Promise.all(responses.map((response) => response.text()));
      const reads = new Map<string, number>();
      for (const { op, key } of spy.ops) if (op === "get") reads.set(key, (reads.get(key) ?? 0) + 1);
      expect(reads.get("gen:*")).toBe(1);
      expect(reads.get("redirects:map")).toBe(1);
      expect([...reads].filter(([key, count]) => key.startsWith("gen:") && count > 1)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("takes the place of a render that never ends: the requests after it get the page kept again", async () => {
    const app = appWith(mockDirectus(), true);
    // The first request's look into the Cache API never ends (its request gone mid-way, say).
    const open = caches.open.bind(caches);
    let lookups = 0;
    caches.open = async (name: string) => {
      const cache = await open(name);
      const match = cache.match.bind(cache);
      cache.match = (key: RequestInfo | URL, options?: CacheQueryOptions) =>
        (lookups += 1) === 1 ? new Promise<never>(() => {}) : match(key, options);
      return cache;
    };
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    try {
      void request("/blog", { app });
      await vi.waitFor(() => expect(lookups).toBe(1));
      const second = request("/blog", { app });
      await vi.advanceTimersByTimeAsync(5_000); // as long as a request waits for another's render
      const response = await second;
      expect(response.status).toBe(200);
      expect(response.headers.get("x-page-cache")).toBe("MISS"); // rendered, and kept
      await response.text();
      expect((await request("/blog", { app })).headers.get("x-page-cache")).toBe("HIT");
    } finally {
      vi.useRealTimers();
      caches.open = open;
    }
  });

  it("lets each request render its own when the first render is not kept", async () => {
    const app = appWith(mockDirectus(), true);
    const responses = await Promise.all(Array.from({ length: 4 }, () => request("/blog/no-such-post", { app })));
    expect(responses.map((response) => response.status)).toEqual(Array(4).fill(404));
    for (const response of responses) expect(await response.text()).toContain("Page doesn&#x27;t exist");
  });
});

describe("nonce replay", () => {
  it("splits and joins page bytes at the rendered nonce", async () => {
    const { joinBytes, splitBytes } = await import("../../src/middleware/page-cache");
    const encode = (text: string) => new TextEncoder().encode(text);
    const parts = splitBytes(encode('<script nonce="AAA">1</script><p>AA</p><script nonce="AAA"></script>AAA'), encode("AAA"));
    expect(parts.map((part) => new TextDecoder().decode(part))).toEqual([
      '<script nonce="',
      '">1</script><p>AA</p><script nonce="',
      '"></script>',
      "",
    ]);
    expect(await joinBytes(parts, encode("zz9")).text()).toBe('<script nonce="zz9">1</script><p>AA</p><script nonce="zz9"></script>zz9');
  });

  it("cuts a kept page at the nonce offsets stored with it, and refuses offsets where the nonce is not", async () => {
    const { splitAtOffsets, splitBytes } = await import("../../src/middleware/page-cache");
    const encode = (text: string) => new TextEncoder().encode(text);
    const decode = (parts: Uint8Array[] | null) => parts?.map((part) => new TextDecoder().decode(part));
    const page = encode('<script nonce="AAA">1</script><p>AA</p><script nonce="AAA"></script>AAA');
    expect(decode(splitAtOffsets(page, encode("AAA"), "15,54,68"))).toEqual(decode(splitBytes(page, encode("AAA"))));
    expect(decode(splitAtOffsets(encode("<p>no nonce</p>"), encode("AAA"), ""))).toEqual(["<p>no nonce</p>"]);
    for (const wrong of ["16", "15,14", "15,54,69", "x", "-1"]) expect(splitAtOffsets(page, encode("AAA"), wrong)).toBeNull();
  });
});
