import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app";
import { handleQueueBatch } from "../../app/queue.server";
import type { Subscription } from "./store.server";
import { mockDirectus, request, resetContentState, testSecrets } from "../../../test/worker/helpers";
import { env } from "cloudflare:test";

beforeEach(resetContentState);

const valid = { email: "ada@example.com", topics: ["engineering"], agreement: true, sourcePage: "/blog" };

function setup(bindings: Record<string, unknown> = {}) {
  const directus = mockDirectus({ Subscribe: { create_newsletter_subscriptions_item: true } });
  const queued: Subscription[] = [];
  const app = createApp({ pageCache: false, content: { fetch: directus.fetch }, subscribe: { fetch: directus.fetch } });
  const queue = { send: async (body: Subscription) => void queued.push(body) } as unknown as Queue;
  const subscribe = (body: unknown, ip = `10.0.0.${Math.floor(Math.random() * 250)}`) =>
    request("/api/subscribe", {
      app,
      method: "POST",
      env: { SUBMISSIONS: queue, ...bindings },
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
      body: JSON.stringify(body),
    });
  return { directus, queued, subscribe, app, queue };
}

describe("POST /api/subscribe", () => {
  it("stores a valid subscription in Directus with the create-only token and thanks the visitor", async () => {
    const { directus, subscribe } = setup();
    const response = await subscribe(valid);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Thank you for your interest in Meridian Cloud" });
    const call = directus.calls.find((c) => c.operationName === "Subscribe")!;
    expect(call.method).toBe("POST");
    expect(call.authorization).toBe(`Bearer ${testSecrets.DIRECTUS_SUBMISSIONS_TOKEN}`);
    expect(call.variables.data).toMatchObject({ email: "ada@example.com", topics: ["engineering"], source_page: "/blog" });
  });

  it("uses the token under its name before the rename while the new one is unset", async () => {
    const { directus, subscribe } = setup({ DIRECTUS_SUBMISSIONS_TOKEN: undefined, DIRECTUS_SUBSCRIBE_TOKEN: "token-under-its-old-name" });
    expect((await subscribe(valid)).status).toBe(200);
    expect(directus.calls.find((c) => c.operationName === "Subscribe")!.authorization).toBe("Bearer token-under-its-old-name");
  });

  it.each([
    [
      "an empty form",
      {},
      { email: "This field is required", topics: "Select at least one subscription", agreement: "This field is required" },
    ],
    ["a malformed email", { ...valid, email: "ada@" }, { email: "Invalid value" }],
    ["no subscription chosen", { ...valid, topics: [] }, { topics: "Select at least one subscription" }],
    ["an unknown subscription", { ...valid, topics: ["crypto-tips"] }, { topics: "Invalid value" }],
    ["no agreement", { ...valid, agreement: false }, { agreement: "This field is required" }],
    ["a blank email", { ...valid, email: "   " }, { email: "This field is required" }],
  ])("answers %s with 400 and the field messages", async (_name, body, errors) => {
    const { directus, subscribe } = setup();
    const response = await subscribe(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: object }).errors).toEqual(errors);
    expect(directus.count("Subscribe")).toBe(0);
  });

  it("acknowledges a filled honeypot without storing anything", async () => {
    const { directus, subscribe } = setup();
    expect((await subscribe({ ...valid, website: "http://spam.example" })).status).toBe(200);
    expect(directus.count("Subscribe")).toBe(0);
  });

  it("does not store the same email and topics twice", async () => {
    const { directus, subscribe } = setup();
    await subscribe(valid);
    expect((await subscribe({ ...valid, email: "ADA@example.com " })).status).toBe(200);
    expect(directus.count("Subscribe")).toBe(1);
  });

  it("rate-limits a client after 10 attempts a minute", async () => {
    // The per-isolate counter (the fallback): the simulated binding's windows start on the
    // minute, so 11 requests could straddle two windows. The binding has its own tests.
    const { subscribe } = setup({ SUBSCRIBE_LIMITER: undefined });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await subscribe({}, "192.0.2.7")).status);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("refuses bodies over the limit with 413", async () => {
    const { subscribe } = setup();
    expect((await subscribe({ ...valid, email: "x".repeat(20_000) })).status).toBe(413);
  });

  it("works without JavaScript: a form post redirects back with the result for the footer", async () => {
    const { app, queue } = setup();
    const post = (fields: [string, string][]) =>
      request("/api/subscribe", {
        app,
        method: "POST",
        redirect: "manual",
        env: { SUBMISSIONS: queue },
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "198.51.100.1" },
        body: new URLSearchParams(fields).toString(),
      });
    const ok = await post([
      ["email", "grace@example.com"],
      ["topics", "engineering"],
      ["topics", "events"],
      ["agreement", "on"],
      ["sourcePage", "/careers?category=Engineering"],
    ]);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/careers?category=Engineering&newsletter=success#newsletter");
    const bad = await post([
      ["email", ""],
      ["sourcePage", "https://evil.example/"],
    ]);
    expect(bad.headers.get("location")).toBe(
      `/?newsletter=${encodeURIComponent("invalid:email.required,topics.select_topic,agreement.required")}#newsletter`,
    );
  });
});

describe("subscriptions while Directus is down", () => {
  it("queues every subscription during the outage and stores all of them once it is back", async () => {
    const { directus, queued, subscribe } = setup();
    directus.state.down = true;
    const emails = Array.from({ length: 5 }, (_, i) => `person${i}@example.com`);
    for (const email of emails) {
      const response = await subscribe({ ...valid, email });
      expect(response.status).toBe(200); // the visitor sees the thank-you message
    }
    expect(queued.map((s) => s.email)).toEqual(emails);
    expect(directus.count("Subscribe")).toBe(emails.length * 2); // one try and one retry each, all failed

    // Still down: the consumer asks for a retry with backoff, nothing is acknowledged.
    const attempt = (attempts: number) => {
      const outcomes: string[] = [];
      const messages = queued.map((body, i) => ({
        id: String(i),
        timestamp: new Date(),
        body,
        attempts,
        ack: () => outcomes.push("ack"),
        retry: () => outcomes.push("retry"),
      }));
      return {
        batch: { queue: "meridian-submissions", messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<Subscription>,
        outcomes,
      };
    };
    const first = attempt(1);
    await handleQueueBatch(first.batch, { ...env, ...testSecrets }, { fetch: directus.fetch });
    expect(first.outcomes).toEqual(["retry", "retry", "retry", "retry", "retry"]);

    directus.state.down = false;
    const second = attempt(2);
    await handleQueueBatch(second.batch, { ...env, ...testSecrets }, { fetch: directus.fetch });
    expect(second.outcomes).toEqual(["ack", "ack", "ack", "ack", "ack"]);
    const stored = directus.calls
      .filter((c) => c.operationName === "Subscribe" && !directus.state.down)
      .map((c) => (c.variables.data as { email: string }).email);
    expect(stored.slice(-5)).toEqual(emails);
  });
});
