import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app/create-app";
import manifest from "../../src/generated/asset-manifest.json";
import { searchProposalsQuery } from "../../src/features/search/queries";
import { commonSecurityHeaders, staticFileCsp, strictTransportSecurity } from "../../src/middleware/security-headers";
import { consentStateScript } from "../../src/render/consent-state";
import type { Bindings } from "../../src/env";
import { mockDirectus, request, resetContentState, testSecrets } from "./helpers";

/**
 * Security headers on every kind of response (issue 8, point 5): pages (200, 404, 500, cached),
 * API JSON and text, refusals, redirects, RSS/XML/robots, /_next/image, and the static files
 * Workers Static Assets serves from dist/client with the headers of its _headers file.
 */
type Kind = "html" | "other";
interface Case {
  name: string;
  kind: Kind;
  send: (env: Partial<Bindings>) => Promise<Response>;
  /** An editor preview page: the Directus admin (this origin) alone may frame it. */
  framedBy?: string;
}

const json = { "Content-Type": "application/json" };
const form = { "Content-Type": "application/x-www-form-urlencoded" };
const get =
  (path: string, init: RequestInit = {}) =>
  (overrides: Partial<Bindings>) =>
    request(path, { env: overrides, ...init });
const browserQuery = searchProposalsQuery;

/** A Directus that is down: uncached pages become the 500 screen (status 502). */
const down = mockDirectus();
down.state.down = true;
const downApp = createApp({ pageCache: false, content: { fetch: down.fetch } });

const subscribeApp = createApp({ pageCache: false, content: { fetch: mockDirectus().fetch }, subscribe: { fetch: mockDirectus().fetch } });

const cases: Case[] = [
  { name: "page 200", kind: "html", send: get("/") },
  { name: "article 200", kind: "html", send: get("/blog/blog-post-1") },
  { name: "page 404", kind: "html", send: get("/no/such/page") },
  { name: "page 500 (Directus down)", kind: "html", send: (e) => request(`/search?q=${crypto.randomUUID()}`, { app: downApp, env: e }) },
  { name: "HEAD page", kind: "other", send: get("/", { method: "HEAD" }) },
  {
    name: "preview page",
    kind: "html",
    framedBy: "http://127.0.0.1:8055",
    send: get("/", { headers: { "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN } }),
  },
  { name: "preview refused 401", kind: "other", send: get("/", { headers: { "X-Preview-Token": "wrong" } }) },
  {
    name: "graphql JSON 200",
    kind: "other",
    send: get("/graphql", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ operationName: browserQuery.name, query: browserQuery.document }),
    }),
  },
  { name: "graphql JSON 400", kind: "other", send: get("/graphql", { method: "POST", headers: json, body: "{" }) },
  { name: "graphql 405", kind: "other", send: get("/graphql") },
  { name: "body too large 413", kind: "other", send: get("/api/collect", { method: "POST", headers: json, body: "x".repeat(20_000) }) },
  { name: "collect 204", kind: "other", send: get("/api/collect", { method: "POST", headers: json, body: '{"id":"a","path":"/"}' }) },
  { name: "page 405", kind: "other", send: get("/", { method: "PUT" }) },
  {
    name: "subscribe JSON 400",
    kind: "other",
    send: (e) => request("/api/subscribe", { app: subscribeApp, env: e, method: "POST", headers: json, body: "{}" }),
  },
  {
    name: "subscribe redirect 303",
    kind: "other",
    send: (e) => request("/api/subscribe", { app: subscribeApp, env: e, method: "POST", headers: form, body: "email=x" }),
  },
  {
    name: "consent redirect 303",
    kind: "other",
    send: get("/api/consent", { method: "POST", headers: form, body: "choice=all&return=/blog" }),
  },
  { name: "preview redirect 302", kind: "other", send: get(`/api/preview?token=${testSecrets.DIRECTUS_PREVIEW_TOKEN}&path=/blog`) },
  { name: "preview exit redirect 302", kind: "other", send: get("/api/preview/exit?path=/blog") },
  {
    name: "revalidate JSON 200",
    kind: "other",
    send: get("/api/revalidate", {
      method: "POST",
      headers: { ...json, "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET },
      body: '{"collection":"nope"}',
    }),
  },
  { name: "RSS", kind: "other", send: get("/blog/rss.xml") },
  { name: "sitemap XML", kind: "other", send: get("/sitemap.xml") },
  { name: "robots.txt", kind: "other", send: get("/robots.txt") },
  { name: "image SVG from the site's files", kind: "other", send: get("/_next/image?url=%2Ffavicon.svg&w=64") },
  {
    name: "image PNG resized",
    kind: "other",
    send: get("/_next/image?url=%2Fsocial-card.png&w=640", { headers: { Accept: "image/webp" } }),
  },
  { name: "image refusal 400", kind: "other", send: get("/_next/image?url=javascript:alert(1)&w=640") },
];

/** What every response of the worker must carry; returns the CSP for further checks. */
function expectSecurityHeaders(response: Response, environment: "dev" | "prod", framedBy?: string): string {
  const headers = response.headers;
  for (const [name, value] of Object.entries(commonSecurityHeaders)) {
    // X-Frame-Options cannot name an origin: a preview page has frame-ancestors alone.
    expect(headers.get(name), name).toBe(framedBy && name === "X-Frame-Options" ? null : value);
  }
  expect(headers.get("permissions-policy")).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  const csp = headers.get("content-security-policy");
  expect(csp, "Content-Security-Policy").toBeTruthy();
  expect(csp).toMatch(framedBy ? new RegExp(`(^|; )frame-ancestors ${framedBy}(;|$)`) : /(^|; )frame-ancestors 'none'(;|$)/);
  // Scripts: script-src, or default-src where there is none; never 'unsafe-inline'.
  const scripts = /(?:^|; )script-src ([^;]*)/.exec(csp!)?.[1] ?? /(?:^|; )default-src ([^;]*)/.exec(csp!)?.[1];
  expect(scripts, "script-src or default-src").toBeTruthy();
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(csp).toMatch(/object-src 'none'|default-src 'none'/);
  if (environment === "prod") expect(headers.get("strict-transport-security")).toBe(strictTransportSecurity);
  else expect(headers.get("strict-transport-security")).toBeNull();
  return csp!;
}

/**
 * Every script element of a page is trusted by its policy: with a nonce, each carries this
 * request's nonce; with the policy of hashes (public pages without an outside script), the
 * scripts that run are the consent mark (an inline script named by its SHA-256) and the client
 * entry with the Subresource Integrity hash the policy names, and the others are the speculation
 * rules (named by their SHA-256) or data, which nothing runs.
 */
async function expectTrustedScripts(csp: string, html: string): Promise<void> {
  expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
  expect(html).not.toMatch(/(?:href|src|action)="javascript:/i);
  if (/'nonce-/.test(csp)) {
    expectNoncedScripts(csp, html);
    return;
  }
  const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  const rules = [...html.matchAll(/<script type="speculationrules">([^<]*)<\/script>/g)].map((match) => match[1]!);
  expect(rules).toHaveLength(1);
  const marks = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]!);
  expect(marks).toEqual([consentStateScript]);
  const sha256 = async (text: string) =>
    btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))));
  expect(scriptSrc).toBe(
    `'self' '${manifest.clientEntryIntegrity}' 'sha256-${await sha256(marks[0]!)}' 'sha256-${await sha256(rules[0]!)}' 'strict-dynamic'`,
  );
  expect(html).not.toContain(" nonce=");
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  const runs = scripts.filter((tag) => !/type="(application\/json|application\/ld\+json|speculationrules)"/.test(tag));
  expect(runs).toEqual(["<script>", `<script type="module" src="${manifest.clientEntry}" integrity="${manifest.clientEntryIntegrity}">`]);
  expect(await fileIntegrity(manifest.clientEntry)).toBe(manifest.clientEntryIntegrity);
}

/** The Subresource Integrity (sha384) of a file as Workers Static Assets serves it. */
async function fileIntegrity(path: string): Promise<string> {
  const file = await env.ASSETS.fetch(new Request(`http://localhost${path}`));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-384", await file.arrayBuffer()));
  return `sha384-${btoa(String.fromCharCode(...digest))}`;
}

/** The nonce of the CSP is this request's, and every script element of the page carries it. */
function expectNoncedScripts(csp: string, html: string): string {
  const nonce = /'nonce-([A-Za-z0-9+/=]{16,})'/.exec(csp)?.[1];
  expect(nonce, "a nonce in script-src").toBeTruthy();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`);
  // No inline event handlers or javascript: URLs that a nonce could not cover.
  expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
  expect(html).not.toMatch(/(?:href|src|action)="javascript:/i);
  return nonce!;
}

beforeAll(resetContentState);

describe.each(["dev", "prod"] as const)("security headers (%s)", (environment) => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, { kind, send, framedBy }) => {
    const response = await send({ ENVIRONMENT: environment });
    const csp = expectSecurityHeaders(response, environment, framedBy);
    if (kind === "html") {
      expect(response.headers.get("content-type")).toContain("text/html");
      const html = await response.text();
      await expectTrustedScripts(csp, html);
      // An editor's preview keeps a nonce (the visual editor adds style elements with it).
      if (framedBy) expectNoncedScripts(csp, html);
    } else {
      await response.body?.cancel();
    }
  });
});

describe("nonces", () => {
  it("public pages need none: a page replayed from the page cache is the same bytes under the same policy", async () => {
    await resetContentState();
    const app = createApp({ content: { fetch: mockDirectus().fetch } });
    const first = await request("/careers", { app });
    expect(first.headers.get("x-page-cache")).toBe("MISS");
    const firstCsp = expectSecurityHeaders(first, "dev");
    const firstHtml = await first.text();
    await expectTrustedScripts(firstCsp, firstHtml);
    const second = await request("/careers", { app });
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    expect(expectSecurityHeaders(second, "dev")).toBe(firstCsp);
    expect(await second.text()).toBe(firstHtml);
  });

  it("differ per request where a page has one (an editor's preview)", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await request("/blog", { headers: { "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN } });
      nonces.add(expectNoncedScripts(expectSecurityHeaders(response, "dev", "http://127.0.0.1:8055"), await response.text()));
    }
    expect(nonces.size).toBe(3);
  });

  it("are unpredictable: 16 random bytes, never repeated over many requests", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const response = await request("/robots.txt");
      nonces.add(/'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1]!);
    }
    expect(nonces.size).toBe(20);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });
});

describe("static files (Workers Static Assets, headers from dist/client/_headers)", () => {
  const files = [
    manifest.clientEntry,
    manifest.css,
    manifest.font,
    "/favicon.svg",
    "/analytics.js",
    "/social-card.png",
    "/illustrations/not-found.svg",
  ];

  it.each(files)("%s carries the security headers and a CSP that lets nothing run", async (path) => {
    const response = await env.ASSETS.fetch(new Request(`http://localhost${path}`));
    expect(response.status).toBe(200);
    await response.body?.cancel();
    for (const [name, value] of Object.entries(commonSecurityHeaders)) expect(response.headers.get(name), name).toBe(value);
    expect(response.headers.get("content-security-policy")).toBe(staticFileCsp);
    expect(staticFileCsp).toContain("default-src 'none'");
    expect(staticFileCsp).toContain("frame-ancestors 'none'");
    // Every deployed environment is https; browsers ignore HSTS on local http.
    expect(response.headers.get("strict-transport-security")).toBe(strictTransportSecurity);
  });
});

describe("no secret reaches the browser", () => {
  // MAPS_KEY is deliberately public: the venue map is an iframe whose URL carries the key, so
  // it is set here and expected in the event page, and is not one of the needles.
  const mapsKey = "public-maps-embed-key";
  const needles = [
    "DIRECTUS_PREVIEW_TOKEN",
    "DIRECTUS_READ_TOKEN",
    "REVALIDATE_SECRET",
    "DIRECTUS_SUBMISSIONS_TOKEN",
    "DIRECTUS_ADMIN_TOKEN",
    ...Object.values(testSecrets),
    // Whatever a local .dev.vars gave the test environment.
    ...[
      (env as Bindings).DIRECTUS_PREVIEW_TOKEN,
      (env as Bindings).DIRECTUS_READ_TOKEN,
      (env as Bindings).REVALIDATE_SECRET,
      (env as Bindings).DIRECTUS_SUBMISSIONS_TOKEN,
    ].filter((value): value is string => !!value),
  ];
  const pages = [
    "/",
    "/blog",
    "/blog/blog-post-1",
    "/blog/authors/1",
    "/careers",
    "/careers/gpu-scheduler-amsterdam",
    "/events",
    "/events/ai-infra-summit-berlin",
    "/search?q=gpu",
    "/no/such/page",
    "/blog/rss.xml",
    "/sitemap.xml",
  ];

  it.each(pages)("%s (public and in editor preview)", async (path) => {
    for (const headers of [{}, { "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN }] as Record<string, string>[]) {
      const response = await request(path, { headers, env: { MAPS_KEY: mapsKey } });
      expect(response.status).toBeLessThan(500);
      const text = await response.text();
      for (const needle of needles) expect(text.includes(needle), `${path} contains ${needle}`).toBe(false);
      for (const [name, value] of response.headers) {
        for (const needle of needles) expect(value.includes(needle), `${path} header ${name} contains ${needle}`).toBe(false);
      }
    }
  });

  it("not in the 500 screen either", async () => {
    const response = await request(`/blog/${crypto.randomUUID()}`, { app: downApp });
    expect(response.status).toBe(502);
    const text = await response.text();
    for (const needle of needles) expect(text).not.toContain(needle);
  });

  it("the maps key is the one value that does (a public embed key)", async () => {
    const html = await (await request("/events/ai-infra-summit-berlin", { env: { MAPS_KEY: mapsKey } })).text();
    expect(html).toMatch(new RegExp(`<iframe[^>]+src="https://www\\.google\\.com/maps/embed/v1/place\\?key=${mapsKey}&`));
  });
});
