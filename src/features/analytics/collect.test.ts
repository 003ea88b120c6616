import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app";
import { previewCookieValue } from "../../middleware/preview";
import { deviceClass, pagePath, referrerHost } from "./routes/collect.server";
import { mockDirectus, request, testSecrets } from "../../../test/worker/helpers";

/** A PAGE_VIEWS double: records what the endpoint writes. */
function pageViews() {
  const points: AnalyticsEngineDataPoint[] = [];
  const dataset = { writeDataPoint: (point?: AnalyticsEngineDataPoint) => void points.push(point ?? {}) } as AnalyticsEngineDataset;
  return { points, dataset };
}

const app = createApp({ pageCache: false, content: { fetch: mockDirectus().fetch } });
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const visitorIp = "203.0.113.77";
const visitorId = "5f0c9a51-visitor-id-3d1e";

/** A page view as /analytics.js sends it (sendBeacon: text/plain, the site's cookies attached). */
function collect(
  body: unknown,
  {
    cookie = `meridian_consent=all; meridian_aid=${visitorId}`,
    views = pageViews(),
    headers = {},
    extraEnv = {},
  }: { cookie?: string; views?: ReturnType<typeof pageViews>; headers?: Record<string, string>; extraEnv?: Record<string, unknown> } = {},
) {
  const response = request("/api/collect", {
    app,
    method: "POST",
    headers: {
      "Content-Type": "text/plain;charset=UTF-8",
      Cookie: cookie,
      "CF-Connecting-IP": visitorIp,
      "X-Forwarded-For": visitorIp,
      "User-Agent": iphone,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
    cf: { country: "DE", colo: "FRA" },
    // An always-allowing limiter: these tests are about what is written, rate-limit.test.ts about limits.
    env: { PAGE_VIEWS: views.dataset, COLLECT_LIMITER: { limit: async () => ({ success: true }) } as RateLimit, ...extraEnv },
  } as RequestInit);
  return { response, views };
}

const view = {
  id: visitorId,
  path: "/blog/gpu-clusters?token=abc123&utm_source=x#top",
  referrer: "https://news.example.com/story?id=7&session=s3cr3t",
};

describe("POST /api/collect with analytics consent", () => {
  it("writes exactly one data point: path without query, referrer host, country, device class", async () => {
    const { response, views } = collect(view);
    expect((await response).status).toBe(204);
    expect(views.points).toEqual([
      {
        indexes: ["/blog/gpu-clusters"],
        blobs: ["/blog/gpu-clusters", "news.example.com", "DE", "mobile"],
        doubles: [1],
      },
    ]);
  });

  it("records no referrer host for a missing or non-web referrer", async () => {
    for (const referrer of [undefined, "", "javascript:alert(1)", "not a url"]) {
      const { response, views } = collect({ id: "a", path: "/", referrer });
      expect((await response).status).toBe(204);
      expect(views.points[0]?.blobs?.[1]).toBe("");
    }
  });

  it("never writes an IP address, cookie value, visitor id, secret or query value", async () => {
    const previewCookie = await previewCookieValue(testSecrets.DIRECTUS_PREVIEW_TOKEN);
    const { response, views } = collect(view, {
      cookie: `meridian_consent=all; meridian_aid=${visitorId}; meridian_preview=${previewCookie}`,
      headers: { Authorization: `Bearer ${testSecrets.REVALIDATE_SECRET}` },
    });
    expect((await response).status).toBe(204);
    expect(views.points).toHaveLength(1);
    const written = JSON.stringify(views.points);
    for (const forbidden of [
      visitorIp,
      visitorId,
      previewCookie,
      testSecrets.REVALIDATE_SECRET,
      "abc123",
      "s3cr3t",
      "utm_source",
      "meridian_",
    ]) {
      expect(written).not.toContain(forbidden);
    }
  });

  it("keeps the single index within Analytics Engine's 96 bytes", async () => {
    const { response, views } = collect({ id: "a", path: `/${"ü".repeat(100)}` });
    expect((await response).status).toBe(204);
    const index = views.points[0]!.indexes![0] as string;
    expect(new TextEncoder().encode(index).length).toBeLessThanOrEqual(96);
    expect(views.points[0]!.blobs![0]).toBe(`/${"ü".repeat(100)}`);
  });
});

describe("POST /api/collect without consent", () => {
  it.each([
    ["no cookie at all", ""],
    ["necessary cookies only", "meridian_consent=necessary"],
    ["an unknown consent value", "meridian_consent=yes-please"],
    ["only the visitor id", `meridian_aid=${visitorId}`],
  ])("acknowledges %s with 204 and writes nothing", async (_name, cookie) => {
    const { response, views } = collect(view, { cookie });
    expect((await response).status).toBe(204);
    expect(views.points).toEqual([]);
  });
});

describe("POST /api/collect when Analytics Engine is missing or failing", () => {
  it("answers 204 without the binding", async () => {
    const { response } = collect(view, { extraEnv: { PAGE_VIEWS: undefined } });
    expect((await response).status).toBe(204);
  });

  it("answers 204 when writeDataPoint throws", async () => {
    const throwing = {
      points: [],
      dataset: {
        writeDataPoint: () => {
          throw new Error("dataset gone");
        },
      } as unknown as AnalyticsEngineDataset,
    };
    const { response } = collect(view, { views: throwing });
    expect((await response).status).toBe(204);
  });

  it("has a real PAGE_VIEWS binding in the test environment (wrangler.toml)", () => {
    expect(typeof env.PAGE_VIEWS.writeDataPoint).toBe("function");
  });
});

describe("POST /api/collect input", () => {
  it.each([
    ["invalid JSON", "{"],
    ["no id", { path: "/" }],
    ["a full URL as path", { id: "a", path: "https://evil.example/" }],
    ["a protocol-relative path", { id: "a", path: "//evil.example/" }],
  ])("refuses %s with 400 and writes nothing", async (_name, body) => {
    const { response, views } = collect(body);
    expect((await response).status).toBe(400);
    expect(views.points).toEqual([]);
  });
});

describe("page view fields", () => {
  it("drops query string and fragment from the path", () => {
    expect(pagePath("/search?q=secret")).toBe("/search");
    expect(pagePath("/a#b")).toBe("/a");
    expect(pagePath("https://x")).toBeNull();
  });

  it("keeps only the referrer's host name", () => {
    expect(referrerHost("https://user:pw@www.example.org:8443/p?q=1")).toBe("www.example.org");
    expect(referrerHost("ftp://example.org/")).toBe("");
  });

  it.each([
    [iphone, "mobile"],
    ["Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36", "mobile"],
    [
      "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      "tablet",
    ],
    ["Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36", "tablet"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36", "desktop"],
    ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "bot"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36", "bot"],
    [undefined, "unknown"],
  ])("classifies %s as %s", (userAgent, device) => {
    expect(deviceClass(userAgent)).toBe(device);
  });
});
