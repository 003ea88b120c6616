import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../app/create-app";
import { mockDirectus, request, resetContentState, testSecrets, textOf, type UpstreamCall } from "../../../test/worker/helpers";

type Row = {
  id: string;
  source: string;
  match?: string;
  status_code?: number;
  target?: string | null;
  keep_query?: boolean;
  priority?: number;
  target_page?: { id?: string; path: string | null } | null;
  target_post?: { id?: string; slug: string } | null;
};

const row = (id: number, fields: Omit<Row, "id">): Row => ({
  id: String(id),
  match: "exact",
  status_code: 308,
  target: null,
  keep_query: true,
  priority: 0,
  target_page: null,
  target_post: null,
  ...fields,
});

/** A Directus with these redirects (as its permissions show them: active only). */
function directusWith(rows: Row[], hosts: string[] = ["status.meridian.example"]) {
  return mockDirectus({
    Redirects: (call: UpstreamCall) => {
      const { limit, offset } = call.variables as { limit: number; offset: number };
      return { redirects: rows.slice(offset, offset + limit), site_settings: { redirect_hosts: hosts } };
    },
  });
}

const appFor = (directus: ReturnType<typeof mockDirectus>) => createApp({ pageCache: false, content: { fetch: directus.fetch } });

/** What the CMS webhook does after a change: the map is compiled before the answer. */
const publish = (app: ReturnType<typeof createApp>, collection = "redirects", keys = ["1"]) =>
  request("/api/revalidate", {
    app,
    method: "POST",
    headers: { "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET, "Content-Type": "application/json" },
    body: JSON.stringify({ collection, keys }),
  });

async function siteWith(rows: Row[], hosts?: string[]) {
  const directus = directusWith(rows, hosts);
  const app = appFor(directus);
  expect((await publish(app)).status).toBe(200);
  return { app, directus, get: (path: string, init: RequestInit = {}) => request(path, { app, redirect: "manual", ...init }) };
}

beforeEach(resetContentState);
afterEach(() => vi.restoreAllMocks());

describe("redirects from the CMS", () => {
  it("answers an exact path with its status and target, keeping the query unless told not to", async () => {
    const site = await siteWith([
      row(1, { source: "/old-pricing", target: "/pricing" }),
      row(2, { source: "/launch", status_code: 302, target: "/blog/launch?ref=short", keep_query: false }),
      row(3, { source: "/campaign", status_code: 307, target: "/events?kind=webinar" }),
    ]);
    const moved = await site.get("/old-pricing?utm_source=mail");
    expect(moved.status).toBe(308);
    expect(moved.headers.get("location")).toBe("/pricing?utm_source=mail");
    expect(moved.headers.get("cache-control")).toBe("public, max-age=300");
    const launch = await site.get("/launch?utm_source=mail");
    expect(launch.status).toBe(302);
    expect(launch.headers.get("location")).toBe("/blog/launch?ref=short");
    expect((await site.get("/campaign?utm_source=x")).headers.get("location")).toBe("/events?kind=webinar&utm_source=x");
  });

  it("moves everything under a prefix, and fills a pattern's captures", async () => {
    const site = await siteWith([
      row(1, { source: "/docs/v1", match: "prefix", target: "/docs" }),
      row(2, { source: "/news/(\\d{4})/([a-z0-9-]+)", match: "regex", target: "/blog/$2" }),
    ]);
    expect((await site.get("/docs/v1")).headers.get("location")).toBe("/docs");
    expect((await site.get("/docs/v1/compute/gpus")).headers.get("location")).toBe("/docs/compute/gpus");
    expect((await site.get("/docs/v10")).status).toBe(404);
    expect((await site.get("/news/2024/gpu-prices")).headers.get("location")).toBe("/blog/gpu-prices");
    expect((await site.get("/news/24/gpu-prices")).status).toBe(404);
  });

  it("matches addresses as people write them, and answers with an encoded Location", async () => {
    const site = await siteWith([
      row(1, { source: "/über-uns", target: "/about" }),
      row(3, { source: "/%C3%A0-propos", target: "/about" }),
      row(2, { source: "/wissen", match: "prefix", target: "/docs" }),
    ]);
    expect((await site.get("/%C3%BCber-uns")).headers.get("location")).toBe("/about");
    expect((await site.get("/à-propos")).headers.get("location")).toBe("/about");
    expect((await site.get("/wissen/gr%C3%B6%C3%9Fe")).headers.get("location")).toBe("/docs/gr%C3%B6%C3%9Fe");
    expect((await site.get("/%E0%A4%A")).status).toBe(404);
  });

  it("prefers an exact path to a prefix, and a higher priority among prefixes", async () => {
    const site = await siteWith(
      [
        row(1, { source: "/products", match: "prefix", target: "/platform", priority: 1 }),
        row(2, { source: "/products/legacy", match: "prefix", target: "/archive", priority: 5 }),
        row(3, { source: "/products/legacy/special", target: "/special" }),
      ].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0)),
    );
    expect((await site.get("/products/legacy/special")).headers.get("location")).toBe("/special");
    expect((await site.get("/products/legacy/x")).headers.get("location")).toBe("/archive/x");
    expect((await site.get("/products/gpu")).headers.get("location")).toBe("/platform/gpu");
  });

  it("follows a page or a post to where it lives now", async () => {
    const site = await siteWith([
      row(1, { source: "/plans", target_page: { path: "/pricing" } }),
      row(2, { source: "/blog/old-slug", target_post: { slug: "new-slug" } }),
      // A page that is not live comes back null: nothing to redirect to.
      row(3, { source: "/draft-target", target_page: null }),
    ]);
    expect((await site.get("/plans")).headers.get("location")).toBe("/pricing");
    expect((await site.get("/blog/old-slug")).headers.get("location")).toBe("/blog/new-slug");
    expect((await site.get("/draft-target")).status).toBe(404);
  });

  it("answers 410 with the not-found screen for an address marked as gone", async () => {
    const site = await siteWith([row(1, { source: "/beta-program", status_code: 410 })]);
    const response = await site.get("/beta-program");
    expect(response.status).toBe(410);
    const text = textOf(await response.text());
    expect(text).toContain("Page doesn't exist");
    expect(text).toContain("Back to main page");
  });

  it("leads to an allowed host, never to another (no open redirect), whatever reached the CMS", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const site = await siteWith([
      row(1, { source: "/status", target: "https://status.meridian.example/" }),
      row(2, { source: "/evil", target: "https://evil.example/login" }),
      row(3, { source: "/evil-2", target: "//evil.example/login" }),
      row(4, { source: "/evil-3", target: "javascript:alert(1)" }),
    ]);
    expect((await site.get("/status")).headers.get("location")).toBe("https://status.meridian.example/");
    for (const path of ["/evil", "/evil-2", "/evil-3"]) {
      const response = await site.get(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("location")).toBeNull();
    }
    expect(warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("redirect_ignored"))).toHaveLength(3);
  });

  it("answers a chain with its last address at once, and a loop with nothing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const site = await siteWith([
      row(1, { source: "/a", target: "/b" }),
      row(2, { source: "/b", target: "/c" }),
      row(3, { source: "/ping", target: "/pong" }),
      row(4, { source: "/pong", target: "/ping" }),
    ]);
    const chain = await site.get("/a");
    expect(chain.status).toBe(308);
    expect(chain.headers.get("location")).toBe("/c");
    expect((await site.get("/ping")).status).toBe(404);
    expect(warn.mock.calls.some((call) => String(call[0]).includes("redirect_loop"))).toBe(true);
  });

  it("sees the loops the site's own normalisation makes: a trailing slash, an encoded letter", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const site = await siteWith([
      row(1, { source: "/slash", target: "/slash/" }),
      row(2, { source: "/enc", target: "/%65nc" }),
      row(3, { source: "/in", match: "prefix", target: "/in/" }),
    ]);
    for (const path of ["/slash", "/enc", "/in"]) {
      const response = await site.get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("location")).toBeNull();
    }
    // Refused when the map is compiled (the save check), or answered with nothing at run time.
    const warned = warn.mock.calls.map((call) => String(call[0]));
    expect(warned.filter((line) => line.includes("redirect_ignored") || line.includes("redirect_loop")).length).toBeGreaterThanOrEqual(3);
  });

  it("matches editors' patterns in time linear in the path, on addresses as long as the cap", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const site = await siteWith([
      row(1, { source: "/x/a*a*a*a*b", match: "regex", target: "/found" }),
      row(2, { source: "/y/[a-z]*[a-z]*[a-z]*[a-z]*!", match: "regex", target: "/found" }),
    ]);
    // V8's backtracking engine needs far longer than this suite's hang guard for either of these
    // (n⁴ steps); RE2 answers at once. 1,000 characters is just under the cap patterns see.
    expect((await site.get(`/x/${"a".repeat(990)}`)).status).toBe(404);
    expect((await site.get(`/y/${"a".repeat(990)}`)).status).toBe(404);
    expect((await site.get("/x/aaab")).headers.get("location")).toBe("/found");
  });

  it("refuses what the linear-time matcher cannot run (look-around)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const site = await siteWith([row(1, { source: "/z/(?!admin).*", match: "regex", target: "/found" })]);
    expect((await site.get("/z/page")).headers.get("location")).toBeNull();
    expect(warn.mock.calls.some((call) => String(call[0]).includes("look-ahead"))).toBe(true);
  });

  it("ignores a pattern that could backtrack catastrophically", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const site = await siteWith([row(1, { source: "/(a+)+b", match: "regex", target: "/x" })]);
    expect((await site.get(`/${"a".repeat(40)}`)).status).toBe(404);
  });

  it("leaves the site's own addresses, other methods and previews alone", async () => {
    const site = await siteWith([row(1, { source: "/(api|anything)/(.*)", match: "regex", target: "/moved/$2" })]);
    expect((await site.get("/anything/x")).headers.get("location")).toBe("/moved/x");
    expect((await site.get("/api/search?q=gpu")).headers.get("location")).toBeNull();
    const post = await site.get("/anything/x", { method: "POST" });
    expect(post.status).toBe(405);
    const preview = await site.get("/anything/x", { headers: { "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN } });
    expect(preview.headers.get("location")).toBeNull();
  });

  it("reads every redirect, page by page, not only the first hundred", async () => {
    const rows = Array.from({ length: 1201 }, (_, index) => row(index + 1, { source: `/old/${index + 1}`, target: `/new/${index + 1}` }));
    const site = await siteWith(rows);
    expect(site.directus.calls.filter((call) => call.operationName === "Redirects").map((call) => call.variables.offset)).toEqual([
      0, 500, 1000,
    ]);
    expect((await site.get("/old/1201")).headers.get("location")).toBe("/new/1201");
  });

  it("is live once the CMS reports a change, with no deploy", async () => {
    let rows = [row(1, { source: "/before", target: "/pricing" })];
    const directus = mockDirectus({ Redirects: () => ({ redirects: rows, site_settings: { redirect_hosts: [] } }) });
    const app = appFor(directus);
    await publish(app);
    expect((await request("/later", { app, redirect: "manual" })).status).toBe(404);
    rows = [...rows, row(2, { source: "/later", target: "/events" })];
    await publish(app);
    expect((await request("/later", { app, redirect: "manual" })).headers.get("location")).toBe("/events");
    // A post's slug change reaches the map through the posts webhook as well.
    rows = [...rows, row(3, { source: "/blog/was", target_post: { id: "7", slug: "was-then" } })];
    await publish(app, "redirects", ["3"]);
    expect((await request("/blog/was", { app, redirect: "manual" })).headers.get("location")).toBe("/blog/was-then");
    rows = rows.map((entry) => (entry.id === "3" ? row(3, { source: "/blog/was", target_post: { id: "7", slug: "is" } }) : entry));
    await publish(app, "posts", ["7"]);
    expect((await request("/blog/was", { app, redirect: "manual" })).headers.get("location")).toBe("/blog/is");
    // Renaming a post makes the CMS's own flow add a redirect from its old address, with no change
    // event of its own: the post's webhook, naming the slug it wrote, brings it into the map.
    rows = [...rows, row(4, { source: "/blog/is-old", target_post: { id: "8", slug: "is-new" } })];
    await request("/api/revalidate", {
      app,
      method: "POST",
      headers: { "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET, "Content-Type": "application/json" },
      body: JSON.stringify({ collection: "posts", keys: ["8"], event: "update", fields: ["slug"] }),
    });
    expect((await request("/blog/is-old", { app, redirect: "manual" })).headers.get("location")).toBe("/blog/is-new");
  });

  it("serves pages while the first map compiles after the response, and while Directus is down", async () => {
    const directus = directusWith([row(1, { source: "/old", target: "/pricing" })]);
    const app = appFor(directus);
    // No map yet: this request is not held up; the map compiles after it.
    const first = await request("/old", { app, redirect: "manual" });
    expect(first.status).toBe(404);
    expect(directus.count("Redirects")).toBe(1);
    // ...once the page's own content was asked for: Directus answers one request at a time.
    const asked = directus.calls.map((call) => call.operationName);
    expect(asked.indexOf("Redirects")).toBeGreaterThan(asked.indexOf("SiteChrome"));
    expect(asked.indexOf("SiteChrome")).toBeGreaterThanOrEqual(0);
    expect((await request("/old", { app, redirect: "manual" })).headers.get("location")).toBe("/pricing");

    await resetContentState();
    const down = mockDirectus();
    down.state.down = true;
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    const downApp = appFor(down);
    expect((await request("/old", { app: downApp, redirect: "manual" })).headers.get("location")).toBeNull();
    const tried = down.count("Redirects");
    expect(tried).toBeGreaterThan(0);
    // The compilation failed; the next request does not try again at once.
    await request("/old", { app: downApp, redirect: "manual" });
    expect(down.count("Redirects")).toBe(tried);
  });

  it("counts redirects and addresses not found for the editors' report", async () => {
    const points: AnalyticsEngineDataPoint[] = [];
    const dataset = { writeDataPoint: (point?: AnalyticsEngineDataPoint) => void points.push(point ?? {}) } as AnalyticsEngineDataset;
    const site = await siteWith([row(1, { source: "/old", target: "/pricing" })]);
    const counted = { app: site.app, env: { ROUTING_EVENTS: dataset }, redirect: "manual" as const };
    await request("/no-such-page?q=1", counted);
    await request("/old?token=secret", { ...counted, headers: { Referer: "https://news.example/story?id=1" } });
    // No query string and only the referrer's host: nothing that identifies a person.
    expect(points).toEqual([
      { indexes: ["not_found"], blobs: ["not_found", "/no-such-page", "", ""], doubles: [404] },
      { indexes: ["redirect"], blobs: ["redirect", "/old", "/pricing?token=secret", "news.example"], doubles: [308] },
    ]);
  });
});
