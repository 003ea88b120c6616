import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Ways server code can send a Location: Hono's redirect, or a header set by hand. */
const redirectCall = /\.redirect\(|\.(set|append)\(\s*["']location["']|header\(\s*["']location["']/i;
// As a header object's key (capitalised, unlike a `location` field; not `Content-Location`,
// which names where a negotiated answer also lives and sends no one anywhere).
const locationKey = /(?<![\w-])["']?Location["']?\s*:/;
const sendsLocation = { test: (code: string) => redirectCall.test(code) || locationKey.test(code) };

describe("every Location the worker sends is decided in one place", () => {
  it("no module but src/lib/location.ts writes a Location header", () => {
    const writers = sources(join(root, "src"))
      .filter((path) => !path.includes(`${join("src", "client")}`) && !path.includes(join("src", "views")))
      .filter((path) => sendsLocation.test(readFileSync(path, "utf8")))
      .map((path) => relative(root, path));
    expect(writers).toEqual(["src/lib/location.ts"]);
  });

  it("the check itself finds a Location written by hand", () => {
    expect(sendsLocation.test('return new Response(null, { status: 302, headers: { Location: "/x" } });')).toBe(true);
    expect(sendsLocation.test('return c.redirect("/x", 302);')).toBe(true);
    expect(sendsLocation.test('c.header("Location", "/x");')).toBe(true);
    expect(sendsLocation.test('headers: { "Location": "/x" }')).toBe(true);
    expect(sendsLocation.test('headers: { "Content-Location": "/docs/x.md" }')).toBe(false);
  });
});
