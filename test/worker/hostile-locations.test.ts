import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app/create-app";
import { offSiteLocations, staysOnSite } from "../support/hostile-locations";
import { mockDirectus, request, resetContentState, testSecrets, type UpstreamCall } from "./helpers";

/**
 * Every address that answers with a Location, fed every generated hostile spelling: none may
 * send the visitor off the site, none may fail with a 5xx.
 */
const hostile = offSiteLocations();
const allowedHosts = ["status.meridian.example"];
const sameOrigin = { "Sec-Fetch-Site": "same-origin" };
const form = { ...sameOrigin, "Content-Type": "application/x-www-form-urlencoded" };

/** The variants whose Location left the site or that failed, with what was answered. */
async function offenders(send: (value: string) => Promise<Response>, values: readonly string[] = hostile) {
  const found: string[] = [];
  for (const value of values) {
    const response = await send(value);
    const location = response.headers.get("location");
    if (response.status >= 500 || (location !== null && !staysOnSite(location, allowedHosts)))
      found.push(`${JSON.stringify(value)} -> ${response.status} ${location}`);
  }
  return found;
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});

describe("no way off the site", () => {
  const app = createApp({ pageCache: false, content: { fetch: mockDirectus().fetch } });

  it("leaving a preview goes back to a path on this site, whatever `path` says", async () => {
    const send = (value: string) => request(`/api/preview/exit?path=${encodeURIComponent(value)}`, { app, redirect: "manual" });
    expect(await offenders(send)).toEqual([]);
    const dotted = await send("/.//evil.example/login");
    expect(dotted.headers.get("location")).toBe("/");
  });

  it("opening a preview goes to a path on this site, or is refused with a 400", async () => {
    const token = encodeURIComponent(testSecrets.DIRECTUS_PREVIEW_TOKEN);
    const send = (value: string) => request(`/api/preview?token=${token}&path=${encodeURIComponent(value)}`, { app, redirect: "manual" });
    expect(await offenders(send)).toEqual([]);
    expect((await send("/.//evil.example/login")).status).toBe(400);
  });

  it("the cookie choice sends the visitor back to a path on this site, whatever `return` says", async () => {
    const send = (value: string) =>
      request("/api/consent", {
        app,
        method: "POST",
        headers: form,
        body: `choice=all&return=${encodeURIComponent(value)}`,
        redirect: "manual",
      });
    expect(await offenders(send)).toEqual([]);
    const dotted = await send("/.//evil.example/login");
    expect(dotted.status).toBe(303);
    expect(dotted.headers.get("location")).toBe("/");
  });

  it("the canonical-address rule (trailing slash) stays on this site for encoded hosts in the path", async () => {
    // As the request line carries them: `GET //evil.example/ HTTP/1.1` is a path on this site.
    const withSlash = (value: string) => value.replace(/(\?|$)/, "/$1");
    const paths = hostile.filter((value) => value.startsWith("/") && URL.canParse(`http://localhost:3000${withSlash(value)}`));
    const send = (value: string) => request(`http://localhost:3000${withSlash(value)}`, { app, redirect: "manual" });
    expect(paths.length).toBeGreaterThan(500);
    expect(await offenders(send, paths)).toEqual([]);
  });
});

describe("no way off the site through the CMS's redirects", () => {
  type Row = Record<string, unknown>;
  const rules: Row[] = [
    { id: "1", source: "/old", match: "prefix", status_code: 308, target: "/", keep_query: true, priority: 0 },
    { id: "2", source: "/g/(.*)", match: "regex", status_code: 308, target: "/$1", keep_query: true, priority: 0 },
    { id: "3", source: "/moved", match: "prefix", status_code: 301, target: "/docs", keep_query: true, priority: 0 },
    {
      id: "4",
      source: "/status",
      match: "prefix",
      status_code: 302,
      target: "https://status.meridian.example",
      keep_query: true,
      priority: 0,
    },
  ].map((rule) => ({ target_page: null, target_post: null, ...rule }));
  const directus = mockDirectus({
    Redirects: (call: UpstreamCall) => {
      const { limit, offset } = call.variables as { limit: number; offset: number };
      return { redirects: rules.slice(offset, offset + limit), site_settings: { redirect_hosts: allowedHosts } };
    },
  });
  const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });

  beforeAll(async () => {
    await resetContentState();
    const published = await request("/api/revalidate", {
      app,
      method: "POST",
      headers: { "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET, "Content-Type": "application/json" },
      body: JSON.stringify({ collection: "redirects", keys: ["1"] }),
    });
    expect(published.status).toBe(200);
  });

  it("logs a Location it refuses without the visitor's query", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await request("/old/%252F%252Fevil.example?secret=value", { app, redirect: "manual" });
    expect(response.headers.get("location")).toBeNull();
    const logged = warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("redirect_off_site"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toContain("secret");
  });

  it("still answers the ordinary addresses", async () => {
    const get = (path: string) => request(path, { app, redirect: "manual" });
    expect((await get("/old/pricing")).headers.get("location")).toBe("/pricing");
    expect((await get("/g/blog/a-post")).headers.get("location")).toBe("/blog/a-post");
    expect((await get("/moved/compute")).headers.get("location")).toBe("/docs/compute");
    expect((await get("/status/incidents")).headers.get("location")).toBe("https://status.meridian.example/incidents");
  });

  it.each([
    ["/old//evil.example", "/evil.example"],
    ["/old/%5Cevil.example", "/evil.example"],
    ["/g//evil.example", "/evil.example"],
    ["/g/%5Cevil.example", "/evil.example"],
  ])("answers %s with a path on this site (%s)", async (path, location) => {
    const response = await request(path, { app, redirect: "manual" });
    expect(response.headers.get("location")).toBe(location);
  });

  // Every spelling a browser can put in a request path (the Request parser has resolved dots and
  // backslashes as a browser does), a third of them per rule: a request that is not redirected
  // renders the not-found page, which is what costs the time here.
  const paths = hostile.filter((value, index) => !/^[a-z]+:|^\s/i.test(value) && index % 3 === 0);
  it.each(["/old/", "/g/", "/moved/", "/status/"])("leads no generated hostile address after %s off the site", async (prefix) => {
    expect(paths.length).toBeGreaterThan(500);
    const send = (value: string) => request(`${prefix}${value}`, { app, redirect: "manual" });
    expect(await offenders(send, paths)).toEqual([]);
  });
});
