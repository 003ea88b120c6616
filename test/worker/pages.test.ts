import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import manifest from "../../src/generated/asset-manifest.json";
import { request, textOf } from "./helpers";

describe("main page", () => {
  it("renders the shell, one h1, head tags and the hydration bundle", async () => {
    const response = await request("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain("<header");
    expect(html).toContain('<main id="content"');
    expect(html).toContain("<footer");
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/">');
    expect(html).toContain('<meta property="og:image:width" content="1280">');
    expect(html).toContain('<meta property="og:image:height" content="640">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<link rel="stylesheet" href="${manifest.css}">`);
    expect(html).toContain(`<script type="module" src="${manifest.clientEntry}" integrity="${manifest.clientEntryIntegrity}"></script>`);
    expect(html).toContain('"@type":"Organization"');
    expect(textOf(html)).toContain(env.SITE_NAME);
  });

  it("is not indexable outside prod, and indexable in prod", async () => {
    expect(await (await request("/")).text()).toContain('content="noindex, nofollow"');
    const prod = await request("/", { env: { ENVIRONMENT: "prod" } });
    // The page's own CMS fields (`noindex: null`) travel in the payload; the robots tag must not.
    expect(await prod.text()).not.toMatch(/<meta name="robots"[^>]*noindex/);
  });
});

describe("headers", () => {
  it("gives public HTML a short shared-cache policy", async () => {
    const response = await request("/");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    // The consent state is part of the page cache's own key; shared caches vary on encoding only.
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("sets security headers and a CSP that trusts the client entry by its hash, the same for every request", async () => {
    const first = await request("/");
    const second = await request("/");
    const csp = first.headers.get("content-security-policy")!;
    expect(csp).toMatch(
      new RegExp(
        `script-src 'self' '${manifest.clientEntryIntegrity!.replace(/[+/]/g, "\\$&")}' 'sha256-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+' 'strict-dynamic'`,
      ),
    );
    expect(second.headers.get("content-security-policy")).toBe(csp);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await first.text();
    expect(html).toContain(`integrity="${manifest.clientEntryIntegrity}"`);
    expect(html).not.toContain(" nonce=");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("permissions-policy")).toContain("camera=()");
    expect(first.headers.get("strict-transport-security")).toBeNull();
    const prod = await request("/", { env: { ENVIRONMENT: "prod" } });
    expect(prod.headers.get("strict-transport-security")).toContain("max-age=63072000");
  });

  it("serves hashed static files as immutable for a year", async () => {
    const response = await env.ASSETS.fetch(new Request(`http://localhost${manifest.css}`));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/css");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("escapes page state so content cannot close the script element", async () => {
    const { serializeForScript } = await import("../../src/render/serialize");
    const out = serializeForScript({ body: "</script><script>alert(1)</script>\u2028" });
    expect(out).not.toContain("</script>");
    expect(out).not.toContain("\u2028");
    expect(JSON.parse(out)).toEqual({ body: "</script><script>alert(1)</script>\u2028" });
  });
});

describe("main page sections", () => {
  it("shows the latest posts, the next event's booking banner, the open-roles count and the search proposals", async () => {
    const text = textOf(await (await request("/")).text());
    expect(text).toContain("Latest from the blog");
    expect(text).toContain("Post number 3");
    expect(text).toContain("Let's meet in person at booth S42");
    expect(text).toContain("Book a meeting");
    expect(text).toContain("25 open roles");
    expect(text).toContain("GPU cluster pricing");
  });

  it("sends CMS images through /_next/image with the configured widths", async () => {
    const html = await (await request("/")).text();
    const srcset = /<img[^>]+srcSet="([^"]+)"/.exec(html)?.[1] ?? /<img[^>]+srcset="([^"]+)"/.exec(html)![1]!;
    for (const candidate of srcset.split(", ")) {
      expect(candidate).toMatch(
        /^\/_next\/image\?url=http%3A%2F%2F127\.0\.0\.1%3A8055%2Fassets%2Fcover-\d%3Fv%3D[a-z0-9]+&amp;w=(640|750|828|1080|1200)&amp;q=75 (\d+)w$/,
      );
    }
  });
});
