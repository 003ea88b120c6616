import { describe, expect, it } from "vitest";
import { request } from "../../../test/worker/helpers";

/** The cookie notice's form as a browser without JavaScript sends it, from this site. */
const choose = (fields: Record<string, string>) =>
  request("/api/consent", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" },
    body: new URLSearchParams(fields).toString(),
  });

describe("the cookie choice without JavaScript (POST /api/consent)", () => {
  it.each([
    [{ choice: "all" }, "all"],
    [{ choice: "custom", analytics: "on" }, "all"],
    [{ choice: "custom" }, "necessary"],
  ])("records %o as %s and sends the visitor back", async (fields, recorded) => {
    const response = await choose({ ...fields, return: "/pricing?plan=team" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/pricing?plan=team");
    expect(response.headers.get("set-cookie")).toMatch(new RegExp(`^meridian_consent=${recorded}; Max-Age=31536000; Path=/; SameSite=Lax`));
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("sends the visitor home when the way back leaves the site", async () => {
    const response = await choose({ choice: "all", return: "//evil.example/phish" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
  });

  it("answers a choice it does not know with 400 and a message", async () => {
    const response = await choose({ choice: "everything" });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('The choice must be "all" or "custom".');
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});
