import { describe, expect, it } from "vitest";
import type { SiteConfig } from "../config/site";
import { absolute } from "./structured-data";

const config = (url: string) => ({ name: "M", url, environment: "prod", apiBaseUrl: "http://cms", turnstile: null }) as SiteConfig;

describe("absolute", () => {
  const bases = [
    "https://meridian.example",
    "https://meridian.example/",
    "http://127.0.0.1:3701",
    "HTTPS://Meridian.Example:443",
    "https://x.example/sub/",
    "https://x.example?q",
  ];
  const paths = [
    "/",
    "/blog",
    "/blog/",
    "/blog/a-b_c~d",
    "/blog/a%20b",
    "/a/./b",
    "/a/../b",
    "/a/%2e/b",
    "/a/%2E%2E/b",
    "/a/.hidden",
    "/a..b/c.d",
    "/blog?tag=x",
    "/a#h",
    "//evil.example/x",
    "/ü",
    "/a b",
    "",
    "x",
    "/a/b/",
  ];
  it("is what the URL parser makes of the path on the site's URL", () => {
    for (const base of bases) {
      for (const path of paths) expect(absolute(path, config(base)), `${base} + ${path}`).toBe(new URL(path, base).toString());
    }
  });
});
