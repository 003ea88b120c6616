import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { trailingSlash } from "./trailing-slash";

const app = new Hono().use(trailingSlash()).all("*", (c) => c.text(`page ${c.req.path}`));

describe("trailingSlash", () => {
  it.each([
    ["/blog/", "/blog"],
    ["/blog/authors/1/", "/blog/authors/1"],
    ["/careers/?category=Engineering", "/careers?category=Engineering"],
    ["/blog///", "/blog"],
    ["//evil.example/", "/evil.example"],
  ])("redirects %s to %s with 308", async (path, location) => {
    const response = await app.request(path);
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe(location);
  });

  it("keeps the method: a form post is redirected with 308, not 301", async () => {
    const response = await app.request("/api/subscribe/", { method: "POST", body: "x" });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/api/subscribe");
  });

  it("leaves the root and paths without a trailing slash alone", async () => {
    expect(await (await app.request("/")).text()).toBe("page /");
    expect(await (await app.request("/blog?page=2")).text()).toBe("page /blog");
  });
});
