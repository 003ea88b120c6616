import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockDirectus, request as send, resetContentState, testSecrets } from "../../test/worker/helpers";
import { createApp } from "../app/create-app";
import { previewCookieValue } from "./preview";
import { surelyNotRedirected } from "../features/redirects/store.server";
import { servePageFromMemory } from "./page-cache";
import { hitSummaryMs, queryNames, writeHitSummaryIfDue } from "./request-log";

/** Requests with the log switched on (wrangler.toml turns it off for dev and these tests). */
const request: typeof send = (path, init = {}) => send(path, { ...init, env: { REQUEST_LOG: "on", ...init.env } });

type Method = "log" | "info" | "warn" | "error" | "debug";
const methods: Method[] = ["log", "info", "warn", "error", "debug"];

/** Everything written to the console while a test runs (nothing reaches the real console). */
let captured: { method: Method; text: string }[] = [];

function asText(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}\n${value.stack ?? ""}`;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

beforeEach(async () => {
  await resetContentState();
  captured = [];
  for (const method of methods) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      captured.push({ method, text: args.map(asText).join(" ") });
    });
  }
});

afterEach(() => {
  writeHitSummaryIfDue(Date.now(), true); // no count left over for the next test
  vi.restoreAllMocks();
});

/** The structured lines of one kind. */
function events(event: string): Record<string, unknown>[] {
  return captured
    .filter((line) => line.text.startsWith("{"))
    .map((line) => JSON.parse(line.text) as Record<string, unknown>)
    .filter((line) => line.event === event);
}

describe("request log", () => {
  it("writes one JSON line per request with what an operator needs", async () => {
    const response = await request("/blog?page=1&utm_source=mail&utm_source=again", {
      headers: { "cf-ray": "8f1e2d3c4b5a6978-FRA" },
      cf: { colo: "FRA", country: "DE" },
    } as RequestInit);
    expect(response.status).toBe(200);
    const lines = events("request");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "info",
      method: "GET",
      path: "/blog",
      query: ["page", "utm_source"],
      status: 200,
      cache: null,
      request_id: "8f1e2d3c4b5a6978-FRA",
      colo: "FRA",
    });
    expect(lines[0]!.content_wait_ms).toEqual(expect.any(Number));
    expect(lines[0]!.content_sources).toMatch(/\w=\d/); // e.g. "upstream=2"

    expect(lines[0]!.duration_ms).toEqual(expect.any(Number));
    // The line is a single JSON object on one line, for Workers Logs' field search.
    const line = captured.find((entry) => entry.text.includes('"event":"request"'))!;
    expect(line.method).toBe("log");
    expect(line.text).not.toContain("\n");
  });

  it("reports the page cache's MISS then HIT", async () => {
    const app = createApp({ content: { fetch: mockDirectus().fetch } });
    expect((await request("/careers", { app })).status).toBe(200);
    expect((await request("/careers", { app })).status).toBe(200);
    expect(events("request").map((line) => line.cache)).toEqual(["MISS", "HIT"]);
  });

  it("counts the hits answered from memory before the app, and writes them as one line at most every 10 s", async () => {
    const app = createApp({ content: { fetch: mockDirectus().fetch } });
    await (await request("/careers", { app })).text(); // rendered and held in memory
    const workerEnv = { ...env, ...testSecrets, REQUEST_LOG: "on" };
    const now = Date.now();
    for (const path of ["/careers", "/careers?utm_source=mail", "/careers"]) {
      expect(servePageFromMemory(new Request(`http://localhost:3000${path}`), workerEnv, surelyNotRedirected, now)?.status).toBe(200);
    }
    expect(events("request").map((line) => line.cache)).toEqual(["MISS"]);
    expect(events("page_cache_hits")).toEqual([]);
    writeHitSummaryIfDue(now + hitSummaryMs - 1);
    expect(events("page_cache_hits")).toEqual([]);
    // The next request of the isolate after 10 s writes the summary first.
    vi.spyOn(Date, "now").mockReturnValue(now + hitSummaryMs);
    await request("/no/such/page", { app });
    expect(events("page_cache_hits")).toEqual([
      expect.objectContaining({ level: "info", hits: 3, seconds: 10, paths: { "/careers": 3 }, since: new Date(now).toISOString() }),
    ]);
    expect(events("request").map((line) => line.status)).toEqual([200, 404]);
  });

  it("makes up a request id without cf-ray, and logs 404 and 405 answers", async () => {
    await request("/no/such/page");
    await request("/api/collect", { method: "PATCH" });
    const lines = events("request");
    expect(lines.map((line) => line.status)).toEqual([404, 405]);
    expect(lines[0]!.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[0]!.request_id).not.toBe(lines[1]!.request_id);
  });

  it("writes one structured line per upstream failure and one for the failed request", async () => {
    const directus = mockDirectus();
    directus.state.down = true;
    const response = await request("/careers?category=x", { options: { content: { fetch: directus.fetch } } });
    expect(response.status).toBe(502);
    const failures = events("upstream_failure");
    expect(failures.length).toBeGreaterThanOrEqual(2); // the first try and its retry
    expect(failures[0]).toMatchObject({ level: "error", upstream: "directus", status: 0, retryable: true, attempt: 1 });
    expect(failures[0]!.operation).toEqual(expect.any(String));
    expect(failures.some((line) => line.attempt === 2)).toBe(true);
    expect(events("request_failed")).toEqual([
      expect.objectContaining({ level: "error", method: "GET", path: "/careers", status: 502, error: "ContentError" }),
    ]);
    expect(events("request")).toEqual([expect.objectContaining({ level: "error", status: 502 })]);
  });

  it("can be switched off with REQUEST_LOG=off (failures are still logged)", async () => {
    await request("/", { env: { REQUEST_LOG: "off" } });
    expect(events("request")).toEqual([]);
  });
});

describe("no secret reaches the logs", () => {
  it("logs neither tokens, secrets, cookies nor query values of requests carrying them", async () => {
    const previewCookie = await previewCookieValue(testSecrets.DIRECTUS_PREVIEW_TOKEN);
    const secrets = {
      previewToken: testSecrets.DIRECTUS_PREVIEW_TOKEN,
      revalidateSecret: testSecrets.REVALIDATE_SECRET,
      submissionsToken: testSecrets.DIRECTUS_SUBMISSIONS_TOKEN,
      previewCookie,
      wrongToken: "wrong-preview-token-7f3a9c",
      wrongSecret: "wrong-revalidate-secret-51be",
      bearer: "bearer-value-0d4e8a1f",
      querySecret: "query-secret-value-c0ffee",
      queryKey: "query-key-value-beef42",
      querySig: "query-signature-value-99aa",
      password: "query-password-value-77bb",
      visitorId: "visitor-cookie-value-5e5e",
    };
    const cookie = `meridian_consent=all; meridian_aid=${secrets.visitorId}; meridian_preview=${previewCookie}`;
    const down = mockDirectus();
    down.state.down = true;
    const downApp = createApp({ pageCache: false, content: { fetch: down.fetch }, subscribe: { fetch: down.fetch } });
    const json = { "Content-Type": "application/json" };

    const sent: Response[] = [
      await request(`/api/preview?token=${secrets.previewToken}&path=/blog`, { redirect: "manual" }),
      await request(`/api/preview?token=${secrets.wrongToken}&path=/blog`, { redirect: "manual" }),
      await request(
        `/blog?secret=${secrets.querySecret}&key=${secrets.queryKey}&sig=${secrets.querySig}&password=${secrets.password}&token=${secrets.previewToken}`,
        { headers: { Cookie: cookie } },
      ),
      await request("/", { headers: { "X-Preview-Token": secrets.previewToken, Authorization: `Bearer ${secrets.bearer}` } }),
      await request("/", { headers: { "X-Preview-Token": secrets.wrongToken } }),
      await request("/api/revalidate", {
        method: "POST",
        headers: { ...json, "X-Revalidate-Secret": secrets.revalidateSecret },
        body: JSON.stringify({ collection: "posts", keys: ["1"] }),
      }),
      await request("/api/revalidate", {
        method: "POST",
        headers: { ...json, "X-Revalidate-Secret": secrets.wrongSecret },
        body: JSON.stringify({ collection: "posts" }),
      }),
      await request("/api/collect", {
        method: "POST",
        headers: { ...json, Cookie: cookie, Authorization: `Bearer ${secrets.bearer}` },
        body: JSON.stringify({ id: secrets.visitorId, path: `/blog?token=${secrets.previewToken}` }),
      }),
      // Directus down, in preview (the content client sends the preview token upstream) and for a subscription.
      await request(`/careers?token=${secrets.previewToken}`, {
        app: downApp,
        headers: { Cookie: cookie, Authorization: `Bearer ${secrets.bearer}` },
      }),
      await request("/api/subscribe", {
        app: downApp,
        method: "POST",
        env: {
          SUBMISSIONS: {
            send: async () => {
              throw new Error("queue down");
            },
          } as unknown as Queue,
        },
        headers: { ...json, Cookie: cookie, "CF-Connecting-IP": "192.0.2.99" },
        body: JSON.stringify({
          email: "ada@example.com",
          topics: ["engineering"],
          agreement: true,
          sourcePage: `/?token=${secrets.previewToken}`,
        }),
      }),
    ];
    expect(sent.map((response) => response.status)).toEqual([302, 401, 200, 200, 401, 200, 401, 204, 502, 503]);

    // One line a request sent, besides the page the webhook rendered again (marked as such).
    expect(events("request").filter((line) => !line.publishing)).toHaveLength(sent.length);
    expect(events("request").filter((line) => line.publishing)).toEqual([expect.objectContaining({ path: "/blog/blog-post-1" })]);
    expect(events("upstream_failure").length).toBeGreaterThan(0);
    const output = captured.map((line) => line.text).join("\n");
    for (const [name, value] of Object.entries(secrets)) {
      expect(output.includes(value), `${name} appears in the console output`).toBe(false);
    }
  });

  it("keeps only the names of query parameters", () => {
    expect(queryNames("https://x/p?token=abc&b=1&token=def#frag=1")).toEqual(["b", "token"]);
    expect(queryNames("https://x/p")).toBeUndefined();
    expect(queryNames("https://x/p?")).toBeUndefined();
  });
});
