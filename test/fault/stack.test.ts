import { describe, expect, inject, it } from "vitest";
import { DEFAULTS } from "../../cms/scripts/lib.mjs";
import { testSecrets } from "../../scripts/lib/test-stack.mjs";
import manifest from "../../src/generated/asset-manifest.json";
import { commonSecurityHeaders, staticFileCsp, strictTransportSecurity } from "../../src/middleware/security-headers";
import { hasJava, type HtmlDocument, validateHtml } from "../support/nu-html-checker.ts";
import { hostileRequests, sweepProblems } from "./hostile-requests";

/** The 500 screens seen while Directus was stopped, for the HTML checker. */
const errorScreens: HtmlDocument[] = [];

/**
 * Fault tests (issue 8, point 3) against the built worker (`wrangler dev`) and a real seeded
 * Directus, one file so the steps run in order on one stack:
 *   1. cold start with an empty KV;
 *   2. warm-up; the bad-input sweep, security headers and secret scan against the real stack;
 *   3. Directus stopped under load: cached pages keep answering 200, uncached ones show the
 *      500 screen at once (connection refused), then the site recovers by itself;
 *   4. Directus hanging (SIGSTOP): cached pages still 200, uncached ones show the 500 screen
 *      (the worker's own upstream timeout ends them) and never hang; recovery after it answers again.
 * Every load is bounded in requests and only targets 127.0.0.1. Latencies are reported, not
 * asserted: a busy machine must not fail these tests, and a hung request fails by the test timeout.
 */
const site = inject("faultSiteUrl");
const control = inject("faultControlUrl");

/** The 500 screen's body text (locales/en.json errors.title_500). */
const errorScreenText = "The server could not load the page";

interface Fetched {
  path: string;
  status: number;
  ms: number;
  html: string;
  headers: Headers;
}

/** A request with no deadline of its own: one that hangs fails by the test's timeout. */
async function get(path: string, init: RequestInit = {}): Promise<Fetched> {
  const started = performance.now();
  const response = await fetch(site + path, { redirect: "manual", ...init });
  const html = await response.text();
  return { path, status: response.status, ms: performance.now() - started, html, headers: response.headers };
}

async function cms(action: "stop" | "start" | "freeze" | "thaw") {
  const response = await fetch(`${control}/cms/${action}`, { method: "POST", signal: AbortSignal.timeout(10 * 60_000) }); // a hang guard: a restart waits its turn to start
  expect(response.status, await response.text()).toBe(200);
}

interface LoadResult {
  path: string;
  status: number;
  ms: number;
  /** Its content had to ask Directus and fell back to the stale copy (it waited on the outage). */
  triedDirectus: boolean;
  error?: string;
}

/** Socket errors of a kept-alive connection the server closed as it was reused: nothing was answered. */
const staleConnection = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

/**
 * `send()`, sent again once when it went out on a kept-alive connection the server had just
 * closed (Node's fetch reuses connections; on a busy machine one can close under a request). Any
 * other failure, and a second one, counts. `name` says in the log which request it was.
 */
async function againIfStale<T>(send: () => Promise<T>, name?: string): Promise<T> {
  try {
    return await send();
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (!code || !staleConnection.has(code)) throw error;
    if (name) console.warn(`${name}: ${code} on a kept-alive connection; sent again`);
    return send();
  }
}

const fetchOnce = (url: string) => againIfStale(() => fetch(url));

/**
 * `concurrency` loops of requests over `paths` until end() (at most `maxPerLoop` each).
 * `more(n)` resolves once n more answers are in: the test waits for traffic, not for time.
 */
function load(paths: string[], { concurrency = 4, maxPerLoop = 500 } = {}) {
  const results: LoadResult[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const record = (result: LoadResult) => {
    results.push(result);
    for (const waiter of waiting.filter((w) => results.length >= w.count)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  let running = true;
  const loops = Array.from({ length: concurrency }, async (_, loop) => {
    for (let n = 0; running && n < maxPerLoop; n++) {
      const path = paths[(loop + n) % paths.length]!;
      const started = performance.now();
      try {
        const response = await fetchOnce(site + path);
        const body = await response.text();
        const ok = response.status === 200 && !body.includes(errorScreenText);
        const triedDirectus = /stale-if-error=/.test(response.headers.get("server-timing") ?? "");
        record({ path, status: ok ? 200 : response.status || -1, ms: performance.now() - started, triedDirectus });
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        record({ path, status: 0, ms: performance.now() - started, triedDirectus: false, error: `${error}${code ? ` (${code})` : ""}` });
      }
    }
  });
  // Loops that ran out of requests release whoever still waits for more.
  const finished = Promise.all(loops).then(() => {
    running = false;
    for (const waiter of waiting.splice(0)) waiter.resolve();
  });
  return {
    results,
    /** Resolves when `count` more answers than now are in (or the loops have stopped). */
    more(count: number): Promise<void> {
      if (!running) return Promise.resolve();
      return new Promise<void>((resolve) => waiting.push({ count: results.length + count, resolve }));
    },
    async end() {
      running = false;
      await finished;
      return results;
    },
  };
}

/** Latency of a load, for the log only. */
function report(label: string, results: LoadResult[]) {
  const sorted = results.map((result) => result.ms).sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  console.log(`${label}: ${results.length} answers, median ${at(0.5)} ms, p95 ${at(0.95)} ms, slowest ${at(1)} ms`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Links of one kind in a page (`/blog/<slug>` etc.), in page order, without repeats. */
function links(html: string, pattern: RegExp): string[] {
  return [...new Set([...html.matchAll(pattern)].map((match) => match[1]!))];
}

/** Set while warming up; the outage steps use them. */
const known = { posts: [] as string[], jobs: [] as string[], events: [] as string[], cached: [] as string[] };

describe("1. cold start with an empty KV", () => {
  it("renders the main page from Directus on the very first request", async () => {
    const first = await get("/");
    expect(first.status).toBe(200);
    expect(first.html).toContain("MRDN");
    expect(first.html).not.toContain(errorScreenText);
    // Nothing was cached: the content came from Directus itself.
    expect(first.headers.get("server-timing")).toMatch(/content;desc="[^"]*upstream=\d+/);
    expect(first.headers.get("x-page-cache")).toBe("MISS");
  });
});

describe("2. warm site", () => {
  it("serves every kind of page and caches them", async () => {
    const blog = await get("/blog");
    known.posts = links(blog.html, /href="(\/blog\/(?!authors\/|rss\.xml)[a-z0-9-]+)"/g);
    known.jobs = links((await get("/careers")).html, /href="(\/careers\/[a-z0-9-]+)"/g);
    known.events = links((await get("/events")).html, /href="(\/events\/[a-z0-9-]+)"/g);
    expect(known.posts.length).toBeGreaterThanOrEqual(3);
    expect(known.jobs.length).toBeGreaterThan(0);
    expect(known.events.length).toBeGreaterThan(0);
    // The last post is never opened before the outage.
    known.cached = ["/", "/blog", "/careers", "/events", known.posts[0]!, known.jobs[0]!, known.events[0]!];
    for (let round = 0; round < 2; round++) {
      for (const path of known.cached) {
        const page = await get(path);
        expect(page.status, path).toBe(200);
      }
    }
    expect((await get(known.posts[0]!)).headers.get("x-page-cache")).toBe("HIT");
  });
});

describe("2b. bad-input sweep against the real stack", () => {
  const rows = hostileRequests({ previewToken: testSecrets.DIRECTUS_PREVIEW_TOKEN, revalidateSecret: testSecrets.REVALIDATE_SECRET });

  it(`sends ${rows.length} hostile requests: no 5xx, readable refusals, no injected headers`, async () => {
    const failures: string[] = [];
    for (const [index, row] of rows.entries()) {
      // The runtime (wrangler/workerd, like the edge) answers unknown methods itself (501).
      const send = async () => {
        const response = await fetch(site + row.path, {
          method: row.method ?? "GET",
          headers: { "CF-Connecting-IP": `203.0.113.${index % 250}`, ...row.headers },
          body: row.body,
          redirect: "manual",
          signal: AbortSignal.timeout(15_000),
        });
        return { response, body: row.method === "HEAD" ? "" : await response.text() };
      };
      let answer: Awaited<ReturnType<typeof send>>;
      try {
        answer = await againIfStale(send, `sweep: ${row.name}`);
      } catch (error) {
        failures.push(`${row.name}: ${String(error)}`);
        continue;
      }
      // Statuses are the worker tests' business (the subscribe rate limit may answer 429 here).
      const problems = sweepProblems({ ...row, status: undefined }, answer.response, answer.body);
      if (problems.length) failures.push(`${row.name}: ${problems.join("; ")}`);
    }
    expect(failures).toEqual([]);
  }, 180_000);
});

describe("2c. security headers and secrets on the real stack", () => {
  const workerResponses = () => [
    get("/"),
    get("/no/such/page"),
    get("/blog/rss.xml"),
    get("/sitemap.xml"),
    get("/robots.txt"),
    get("/api/preview/exit?path=/blog"),
    get("/graphql", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" }),
    get("/_next/image?url=%2Ffavicon.svg&w=64"),
    get("/_next/image?url=%2Fsocial-card.png&w=640"),
  ];

  it("every worker response carries the security headers", async () => {
    for (const response of await Promise.all(workerResponses())) {
      for (const [name, value] of Object.entries(commonSecurityHeaders))
        expect(response.headers.get(name), `${response.path} ${name}`).toBe(value);
      expect(response.headers.get("content-security-policy"), response.path).toMatch(/frame-ancestors 'none'/);
      expect(response.headers.get("content-security-policy"), response.path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    }
  });

  it("static files get the same headers from _headers", async () => {
    for (const path of [manifest.clientEntry, manifest.css, "/favicon.svg", "/analytics.js", "/social-card.png"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      for (const [name, value] of Object.entries(commonSecurityHeaders)) expect(response.headers.get(name), `${path} ${name}`).toBe(value);
      expect(response.headers.get("content-security-policy"), path).toBe(staticFileCsp);
      expect(response.headers.get("strict-transport-security"), path).toBe(strictTransportSecurity);
    }
  });

  it("no secret name or value in rendered pages, public or in editor preview", async () => {
    const needles = [
      "DIRECTUS_PREVIEW_TOKEN",
      "DIRECTUS_READ_TOKEN",
      "REVALIDATE_SECRET",
      "DIRECTUS_SUBMISSIONS_TOKEN",
      "DIRECTUS_ADMIN_TOKEN",
      ...Object.values(testSecrets),
      DEFAULTS.DIRECTUS_ADMIN_TOKEN,
      DEFAULTS.DIRECTUS_SECRET,
    ];
    const preview = { "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN };
    for (const path of [...known.cached, "/search?q=gpu", "/no/such/page", "/blog/rss.xml", "/sitemap.xml"]) {
      for (const headers of [{}, preview]) {
        const page = await get(path, { headers });
        expect(page.status, path).toBeLessThan(500);
        for (const needle of needles) expect(page.html.includes(needle), `${path} contains ${needle}`).toBe(false);
      }
    }
  });
});

describe("3. Directus stopped under load", () => {
  it("keeps cached pages at 200, shows the 500 screen for uncached ones at once, and recovers", async () => {
    const contentCacheOnly = "/blog?utm_fault=1&view=outage"; // not in the page cache; its queries are
    const traffic = load(known.cached);
    let results: LoadResult[] = [];
    await traffic.more(8); // traffic is flowing before the outage starts
    await cms("stop");
    try {
      await traffic.more(8); // cached pages answered while Directus is down
      // Search answers from its stored index (and the cached proposals) while Directus is down.
      const search = await get(`/search?q=outage-${Date.now()}`);
      expect(search.status).toBe(200);
      expect(search.html).not.toContain(errorScreenText);
      const uncached = [`/blog/authors/${8000 + (Date.now() % 1000)}`, known.posts.at(-1)!];
      for (const path of uncached) {
        const page = await get(path);
        // Directus refuses connections: the worker answers by itself with the 500 screen.
        expect(page.status, path).toBeGreaterThanOrEqual(500);
        expect(page.html, path).toContain(errorScreenText);
        errorScreens.push({ name: `${path} (${page.status}, Directus stopped)`, html: page.html });
        console.log(`stopped Directus: ${path} -> ${page.status} in ${Math.round(page.ms)} ms`);
      }
      const fromContentCache = await get(contentCacheOnly);
      expect(fromContentCache.status).toBe(200);
      expect(fromContentCache.html).not.toContain(errorScreenText);
      expect(fromContentCache.headers.get("server-timing")).not.toMatch(/upstream=/);
      await traffic.more(20); // more load during the outage
    } finally {
      results = await traffic.end();
    }
    report("cached pages, Directus stopped", results);
    expect(results.length).toBeGreaterThan(20);
    const failed = results.filter((result) => result.status !== 200);
    expect(failed).toEqual([]);
    // Why they stay fast: none of them waited on Directus (served from the page or content cache).
    expect(results.filter((result) => result.triedDirectus)).toEqual([]);

    await cms("start");
    // Recovery by itself: the page that failed renders again, no cache to clear, no restart.
    const recovered = await eventually(
      () => get(known.posts.at(-1)!),
      (page) => page.status === 200,
    );
    expect(recovered.html).not.toContain(errorScreenText);
    const search = await get(`/search?q=gpu&after=${Date.now()}`);
    expect(search.status).toBe(200);
  }, 120_000);
});

describe("3b. the 500 screen as Directus' outage shows it", () => {
  it.skipIf(!hasJava())("is valid HTML (Nu HTML Checker)", () => {
    expect(errorScreens.length).toBeGreaterThan(0);
    expect(validateHtml(errorScreens)).toEqual([]);
  });
});

describe("4. Directus hanging (accepts connections, never answers)", () => {
  it("keeps cached pages at 200 and ends uncached ones with the 500 screen (the upstream timeout), then recovers", async () => {
    const neverOpened = known.posts.at(-2)!;
    const traffic = load(known.cached, { concurrency: 3 });
    let results: LoadResult[] = [];
    await traffic.more(6);
    await cms("freeze");
    try {
      await traffic.more(6);
      const uncached = [neverOpened, known.jobs.at(-1)!, `/blog/authors/${9000 + (Date.now() % 1000)}`];
      // Directus never answers: only the worker's own upstream timeout can end these requests
      // with its 500 screen; were there none, they would hang until the test timeout.
      const pages = await Promise.all(uncached.map((path) => get(path)));
      for (const page of pages) {
        expect(page.status, page.path).toBeGreaterThanOrEqual(500);
        expect(page.html, page.path).toContain(errorScreenText);
        console.log(`hanging Directus: ${page.path} -> ${page.status} in ${Math.round(page.ms)} ms`);
      }
    } finally {
      results = await traffic.end();
      await cms("thaw");
    }
    report("cached pages, Directus hanging", results);
    const failed = results.filter((result) => result.status !== 200);
    expect(failed).toEqual([]);
    expect(results.filter((result) => result.triedDirectus)).toEqual([]);

    const recovered = await eventually(
      () => get(neverOpened),
      (page) => page.status === 200,
    );
    expect(recovered.html).not.toContain(errorScreenText);
  }, 120_000);
});

/** Polls `fetchPage` (at most 30 times, once a second) until `done`; returns the last answer. */
async function eventually(fetchPage: () => Promise<Fetched>, done: (page: Fetched) => boolean): Promise<Fetched> {
  let page = await fetchPage();
  for (let attempt = 0; attempt < 30 && !done(page); attempt++) {
    await sleep(1000);
    page = await fetchPage();
  }
  expect(done(page), `${page.path} answered ${page.status}`).toBe(true);
  return page;
}
