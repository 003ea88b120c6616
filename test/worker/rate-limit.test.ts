import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app/create-app";
import { t } from "../../src/i18n";
import { previewCookieValue } from "../../src/middleware/preview";
import { mockDirectus, request, testSecrets } from "./helpers";

/** A Rate Limiting binding double: records the keys and answers as told. */
function limiter(answer: boolean | "throw" = true) {
  const keys: string[] = [];
  const binding = {
    limit: async ({ key }: RateLimitOptions) => {
      keys.push(key);
      if (answer === "throw") throw new Error("rate limiter unavailable");
      return { success: answer };
    },
  } as RateLimit;
  return { keys, binding };
}

function setup() {
  const directus = mockDirectus({ Subscribe: { create_newsletter_subscriptions_item: true } });
  return createApp({ pageCache: false, content: { fetch: directus.fetch }, subscribe: { fetch: directus.fetch } });
}

const send = (
  app: ReturnType<typeof setup>,
  path: "/api/subscribe" | "/api/collect",
  ip: string,
  bindings: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  request(path, {
    app,
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip, ...headers },
    body: path === "/api/subscribe" ? "{}" : JSON.stringify({ id: "a", path: "/" }),
    env: bindings,
  });

describe("rate limits with the Workers Rate Limiting binding", () => {
  it("answers 429 with the message and a Retry-After of the binding's period when the binding says no", async () => {
    const app = setup();
    const subscribe = await send(app, "/api/subscribe", "192.0.2.10", { SUBSCRIBE_LIMITER: limiter(false).binding });
    expect(subscribe.status).toBe(429);
    expect(subscribe.headers.get("Retry-After")).toBe("60");
    expect(subscribe.headers.get("Cache-Control")).toBe("no-store");
    expect(await subscribe.json()).toEqual({ message: t("newsletter.too_many"), errors: {} });

    const collect = await send(app, "/api/collect", "192.0.2.10", { COLLECT_LIMITER: limiter(false).binding });
    expect(collect.status).toBe(429);
    expect(collect.headers.get("Retry-After")).toBe("10");
    expect(((await collect.json()) as { message: string }).message).toMatch(/Too many page views/);
  });

  it("lets the binding decide: no isolate counter on top of it", async () => {
    const app = setup();
    const allow = limiter(true);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1)
      statuses.push((await send(app, "/api/subscribe", "192.0.2.11", { SUBSCRIBE_LIMITER: allow.binding })).status);
    expect(statuses.every((status) => status === 400)).toBe(true); // validation, never 429
    expect(allow.keys).toHaveLength(15);
  });

  it("keys on route and client address, with no cookie, token or secret in the key", async () => {
    const app = setup();
    const subscribe = limiter(true);
    const collect = limiter(true);
    const previewCookie = await previewCookieValue(testSecrets.DIRECTUS_PREVIEW_TOKEN);
    const headers = {
      Cookie: `meridian_consent=all; meridian_aid=visitor-42; meridian_preview=${previewCookie}`,
      Authorization: `Bearer ${testSecrets.DIRECTUS_SUBMISSIONS_TOKEN}`,
      "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET,
      "X-Forwarded-For": "198.18.0.1",
    };
    await send(app, "/api/subscribe", "192.0.2.12", { SUBSCRIBE_LIMITER: subscribe.binding }, headers);
    await send(app, "/api/collect", "192.0.2.12", { COLLECT_LIMITER: collect.binding }, headers);
    expect(subscribe.keys).toEqual(["subscribe:192.0.2.12"]);
    expect(collect.keys).toEqual(["collect:192.0.2.12"]);
    const keys = [...subscribe.keys, ...collect.keys].join("\n");
    for (const secret of [
      previewCookie,
      "visitor-42",
      "meridian_",
      testSecrets.DIRECTUS_SUBMISSIONS_TOKEN,
      testSecrets.DIRECTUS_PREVIEW_TOKEN,
      testSecrets.REVALIDATE_SECRET,
      "198.18.0.1",
    ]) {
      expect(keys).not.toContain(secret);
    }
  });

  it("gives each route its own counter", async () => {
    const app = setup();
    const shared = limiter(true);
    await send(app, "/api/subscribe", "192.0.2.13", { SUBSCRIBE_LIMITER: shared.binding, COLLECT_LIMITER: shared.binding });
    await send(app, "/api/collect", "192.0.2.13", { SUBSCRIBE_LIMITER: shared.binding, COLLECT_LIMITER: shared.binding });
    expect(new Set(shared.keys).size).toBe(2);
  });
});

describe("rate limits without the binding: the isolate's counter", () => {
  it.each([
    ["missing", undefined],
    ["failing", limiter("throw").binding],
  ])("falls back when the binding is %s: the 11th attempt a minute is a 429 with Retry-After", async (_name, binding) => {
    const app = setup();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 11; i += 1) {
      last = await send(app, "/api/subscribe", "192.0.2.20", { SUBSCRIBE_LIMITER: binding });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const retryAfter = Number(last!.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await last!.json()).toEqual({ message: t("newsletter.too_many"), errors: {} });
    // Another client is not affected.
    expect((await send(app, "/api/subscribe", "192.0.2.21", { SUBSCRIBE_LIMITER: binding })).status).toBe(400);
  });

  it("falls back for /api/collect too (60 per 10 seconds)", async () => {
    const app = setup();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await send(app, "/api/collect", "192.0.2.22", { COLLECT_LIMITER: undefined })).status);
    expect(statuses.slice(0, 60).every((status) => status === 204)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe("wrangler.toml", () => {
  it("binds both limiters in the test environment (simulated locally)", async () => {
    expect(await env.SUBSCRIBE_LIMITER.limit({ key: "wrangler-toml-check" })).toEqual({ success: true });
    expect(await env.COLLECT_LIMITER.limit({ key: "wrangler-toml-check" })).toEqual({ success: true });
  });
});
