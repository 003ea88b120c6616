import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app/create-app";
import { mockDirectus, request } from "./helpers";

/**
 * The worker's API addresses: a method an address does not take is a 405 whose `Allow` header and
 * message name exactly the methods it does take; an address no endpoint has is a 404.
 */
const app = createApp({ pageCache: false, content: { fetch: mockDirectus().fetch } });
const send = (method: string, path: string) => request(path, { app, method, headers: { "CF-Connecting-IP": "192.0.2.200" } });
const accepts = (allow: string) => {
  const methods = allow.split(", ");
  const listed = methods.length === 1 ? methods[0] : `${methods.slice(0, -1).join(", ")} and ${methods.at(-1)}`;
  return `This address accepts only ${listed} requests.`;
};

describe("API addresses", () => {
  it.each([
    ["POST", "/api/forms"],
    ["GET", "/api/forms"],
    ["POST", "/api/forms/contact-sales/extra"],
    ["POST", "/api/feedback/extra"],
    ["POST", "/api/nothing-here"],
    ["GET", "/api/nothing-here"],
    ["DELETE", "/api/search/deeper"],
  ])("answer %s %s, an address no endpoint has, with 404", async (method, path) => {
    const response = await send(method, path);
    expect(response.status).toBe(404);
    expect(response.headers.get("allow")).toBeNull();
    expect(await response.text()).toBe("There is no API endpoint at this address.");
  });

  it.each([
    ["GET", "/api/forms/contact-sales", "POST"],
    ["PUT", "/api/forms/contact-sales", "POST"],
    ["GET", "/api/feedback", "POST"],
    ["GET", "/api/subscribe", "POST"],
    ["DELETE", "/api/consent", "POST"],
    ["PATCH", "/api/revalidate", "POST"],
    ["POST", "/api/search", "GET, HEAD"],
    ["DELETE", "/api/preview/exit", "GET, HEAD"],
  ])("answer %s %s with 405, Allow: %s and a message naming them", async (method, path, allow) => {
    const response = await send(method, path);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect(await response.text()).toBe(accepts(allow));
  });

  it("answer HEAD on an address that takes only POST with 405 too", async () => {
    const response = await send("HEAD", "/api/feedback");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("name exactly the methods each API route was registered with", async () => {
    // Every route of the app under /api/ with a method of its own (middleware and catch-alls take any).
    const byPath = new Map<string, Set<string>>();
    for (const route of app.routes) {
      if (!route.path.startsWith("/api/") || route.method === "ALL" || route.path.includes("*")) continue;
      const path = route.path.replace(/:\w+/g, "contact-sales");
      byPath.set(path, new Set([...(byPath.get(path) ?? []), route.method, ...(route.method === "GET" ? ["HEAD"] : [])]));
    }
    expect(byPath.size).toBeGreaterThanOrEqual(8);
    for (const [path, methods] of byPath) {
      const wrong = ["GET", "PATCH", "PUT", "DELETE"].find((method) => !methods.has(method))!;
      const response = await send(wrong, path);
      expect(response.status, `${wrong} ${path}`).toBe(405);
      expect(response.headers.get("allow"), path).toBe([...methods].sort().join(", "));
    }
  });
});
