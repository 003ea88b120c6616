import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { sameOriginWrites } from "./same-origin";

const app = new Hono().use(sameOriginWrites()).all("*", (c) => c.text("written"));
const post = (headers: Record<string, string>) =>
  app.request("https://site.example/api/consent", { method: "POST", headers, body: "choice=all" });

describe("sameOriginWrites", () => {
  it.each([
    ["another site's page", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }],
    ["a sibling subdomain", { "Sec-Fetch-Site": "same-site", Origin: "https://blog.site.example" }],
    ["an opaque origin (sandboxed frame, data: URL)", { Origin: "null" }],
    ["another origin, from a browser without Sec-Fetch-Site", { Origin: "https://evil.example" }],
    ["the same host on another scheme", { Origin: "http://site.example" }],
  ])("refuses a write from %s with a 403 that says why", async (_, headers) => {
    const response = await post(headers);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("came from another website");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers a script's fetch in JSON", async () => {
    const response = await post({ "Sec-Fetch-Site": "cross-site", Accept: "application/json" });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toContain("another website");
  });

  it.each([
    ["this site's own page", { "Sec-Fetch-Site": "same-origin", Origin: "https://site.example" }],
    ["the address bar (no initiator)", { "Sec-Fetch-Site": "none" }],
    ["a browser that sends only Origin", { Origin: "https://site.example" }],
    ["a client that names no origin (curl, a server)", {}],
  ])("lets a write from %s through", async (_, headers) => {
    const response = await post(headers);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("written");
  });

  it("lets reads from anywhere through", async () => {
    const response = await app.request("https://site.example/api/search?q=gpu", { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(200);
  });
});
