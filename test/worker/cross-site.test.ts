import { beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app/create-app";
import { mockDirectus, request, resetContentState, testSecrets } from "./helpers";

beforeEach(async () => {
  await resetContentState();
  vi.spyOn(console, "log").mockImplementation(() => {});
});

const form = "application/x-www-form-urlencoded";
/** Each write the site takes from its pages, as a page would send it (form post or script). */
const writes = [
  { path: "/api/consent", type: form, body: "choice=all&return=/blog" },
  { path: "/api/subscribe", type: form, body: "email=ann%40example.com&topics=product&consent=on&sourcePage=/blog" },
  { path: "/api/forms/contact-sales", type: form, body: "name=Ann&email=ann%40example.com&sourcePage=/contact-sales" },
  { path: "/api/feedback", type: "application/json", body: JSON.stringify({ page: "/docs", helpful: true, comment: "good" }) },
  { path: "/api/collect", type: "application/json", body: JSON.stringify({ id: "a", path: "/" }) },
];

describe("no cross-site writes", () => {
  it.each(writes)("$path refuses a post from another site with a 403 that says why, and writes nothing", async ({ path, type, body }) => {
    const directus = mockDirectus();
    const app = createApp({
      pageCache: false,
      content: { fetch: directus.fetch },
      subscribe: { fetch: directus.fetch },
      forms: { fetch: directus.fetch },
      feedback: { fetch: directus.fetch },
    });
    const from: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "same-site", Origin: "https://www.localhost:3000" },
    ];
    for (const headers of from) {
      const response = await request(path, {
        app,
        method: "POST",
        headers: { "Content-Type": type, ...headers },
        body,
        redirect: "manual",
      });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("came from another website");
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    // Refused before anything was read or stored.
    expect(directus.calls).toEqual([]);
  });

  it("keeps the site's own cookie choice working, with and without JavaScript's headers", async () => {
    const from: Record<string, string>[] = [
      { "Sec-Fetch-Site": "same-origin", Origin: "http://localhost:3000" },
      { Origin: "http://localhost:3000" },
      {},
    ];
    for (const headers of from) {
      const response = await request("/api/consent", {
        method: "POST",
        headers: { "Content-Type": form, ...headers },
        body: "choice=all&return=/blog",
        redirect: "manual",
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/blog");
      expect(response.headers.get("set-cookie")).toContain("meridian_consent=all");
    }
  });

  it("lets the CMS's webhook in: it proves itself with its secret, from a server", async () => {
    const response = await request("/api/revalidate", {
      method: "POST",
      headers: { "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET, "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ collection: "posts", keys: ["1"] }),
    });
    expect(response.status).toBe(200);
  });
});

describe("the preview token never travels on", () => {
  it("a trailing slash on the preview link is not answered with a cacheable redirect that repeats the token", async () => {
    const response = await request(`/api/preview/?token=${testSecrets.DIRECTUS_PREVIEW_TOKEN}&path=/blog`, { redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/api/preview?path=%2Fblog");
    expect(response.headers.get("location")).not.toContain(testSecrets.DIRECTUS_PREVIEW_TOKEN);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});
