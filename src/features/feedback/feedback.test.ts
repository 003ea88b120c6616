import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app";
import type { PageFeedbackMessage } from "./store.server";
import { handleQueueBatch, type QueueMessage } from "../../app/queue.server";
import { mockDirectus, request, resetContentState, testSecrets, textOf } from "../../../test/worker/helpers";

beforeEach(resetContentState);

/** A mock Directus that also takes REST feedback comments (`down` fails like a stopped server), a queue and an Analytics Engine dataset. */
function setup(bindings: Record<string, unknown> = {}) {
  const directus = mockDirectus();
  const stored: Record<string, unknown>[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/items/docs_feedback") {
      if (directus.state.down) throw new TypeError("fetch failed: connection refused");
      const request = new Request(input, init);
      const body = (await request.json()) as Record<string, unknown>;
      if (stored.some((row) => row.feedback_id === body.feedback_id))
        return Response.json(
          { errors: [{ message: "Value has to be unique", extensions: { code: "RECORD_NOT_UNIQUE" } }] },
          { status: 400 },
        );
      stored.push({ ...body, authorization: request.headers.get("authorization") });
      return Response.json({ data: { id: stored.length } });
    }
    return directus.fetch(input, init);
  }) as typeof fetch;
  const queued: QueueMessage[] = [];
  const queue = { send: async (body: QueueMessage) => void queued.push(body) } as unknown as Queue;
  const points: AnalyticsEngineDataPoint[] = [];
  const dataset = { writeDataPoint: (point: AnalyticsEngineDataPoint) => void points.push(point) } as AnalyticsEngineDataset;
  const app = createApp({ pageCache: false, content: { fetch: fetchImpl }, feedback: { fetch: fetchImpl } });
  const post = (
    fields: Record<string, string>,
    { json = false, ip = `10.2.0.${Math.floor(Math.random() * 250)}` }: { json?: boolean; ip?: string } = {},
  ) =>
    request("/api/feedback", {
      app,
      method: "POST",
      redirect: "manual",
      env: { SUBMISSIONS: queue, DOCS_FEEDBACK: dataset, ...bindings },
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": ip,
        ...(json ? { Accept: "application/json" } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });
  return { app, directus, stored, queued, points, post, fetch: fetchImpl };
}

const page = "/docs/getting-started/quickstart";

describe("POST /api/feedback", () => {
  it("without JavaScript: counts the vote, stores the comment in Directus and redirects back to a thank-you", async () => {
    const { post, stored, queued, points } = setup();
    const response = await post({ page, helpful: "no", comment: "  The curl example misses the region.  " });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${page}?feedback=thanks#page-feedback`);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(stored).toEqual([
      expect.objectContaining({
        page,
        helpful: false,
        comment: "The curl example misses the region.",
        authorization: `Bearer ${testSecrets.DIRECTUS_SUBMISSIONS_TOKEN}`,
      }),
    ]);
    expect(typeof stored[0]!.feedback_id).toBe("string");
    expect(queued).toHaveLength(0);
    expect(points).toEqual([{ indexes: [page], blobs: [page, "no"], doubles: [0, 1] }]);

    // The page it lands on says thank you in place of the form.
    const thanked = await request(`${page}?feedback=thanks`, { app: createApp({ pageCache: false, content: { fetch: setup().fetch } }) });
    const text = textOf(await thanked.text());
    expect(text).toContain("Thank you for your feedback.");
    expect(text).not.toContain("Was this page helpful?");
  });

  it("stores with the token under its name before the rename while the new one is unset", async () => {
    const { post, stored } = setup({ DIRECTUS_SUBMISSIONS_TOKEN: undefined, DIRECTUS_SUBSCRIBE_TOKEN: "token-under-its-old-name" });
    expect((await post({ page, helpful: "no", comment: "Fine." })).status).toBe(303);
    expect(stored).toEqual([expect.objectContaining({ authorization: "Bearer token-under-its-old-name" })]);
  });

  it("a vote without a comment is counted and nothing is written to Directus", async () => {
    const { post, stored, points } = setup();
    const response = await post({ page: "/docs/api/clusters/create-cluster", helpful: "yes", comment: "" }, { json: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ outcome: "thanks", message: "Thank you for your feedback." });
    expect(stored).toHaveLength(0);
    expect(points[0]).toMatchObject({ blobs: ["/docs/api/clusters/create-cluster", "yes"], doubles: [1, 0] });
  });

  it.each([
    ["no vote", { page, comment: "hm" }],
    ["an unknown vote", { page, helpful: "maybe" }],
    ["a page outside the docs", { page: "https://evil.example/docs", helpful: "yes" }],
    ["a comment over 2000 characters", { page, helpful: "no", comment: "x".repeat(2001) }],
  ])("answers %s with a clear 400, storing and counting nothing", async (_name, fields) => {
    const { post, stored, points, queued } = setup();
    const response = await post(fields as Record<string, string>, { json: true });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ outcome: "invalid", message: "Choose yes or no; a comment can be at most 2000 characters." });
    const plain = await post(fields as Record<string, string>);
    expect(plain.status).toBe(303);
    // Back to the page when it is a docs page, else to /docs; never to another site.
    expect(plain.headers.get("location")).toMatch(/^\/docs[^?]*\?feedback=invalid#page-feedback$/);
    expect(stored).toHaveLength(0);
    expect(points).toHaveLength(0);
    expect(queued).toHaveLength(0);
  });

  it.each([
    ["a docs section that does not exist", "/docs/no-such-section"],
    ["a docs page that does not exist", "/docs/getting-started/no-such-page"],
    ["a path with dot segments", "/docs/getting-started/../quickstart"],
    ["an API tag that does not exist", "/docs/api/no-such-tag"],
    ["an API operation that does not exist", "/docs/api/clusters/no-such-operation"],
    ["the docs index, which asks for no feedback", "/docs"],
  ])("refuses %s with a 404 that says so, storing and counting nothing", async (_name, missing) => {
    const { post, stored, points, queued } = setup();
    const response = await post({ page: missing, helpful: "no", comment: "Where is it?" }, { json: true });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      outcome: "unknown_page",
      message: "Feedback can only be sent about a page of the docs or the API reference that exists.",
    });
    // Without JavaScript: to the docs, with the outcome (the page itself does not exist).
    const plain = await post({ page: missing, helpful: "no", comment: "Where is it?" });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe("/docs?feedback=unknown_page#page-feedback");
    expect(stored).toHaveLength(0);
    expect(points).toHaveLength(0);
    expect(queued).toHaveLength(0);
  });

  it("takes feedback for docs sections, docs pages and every kind of API reference page", async () => {
    const { post, points } = setup();
    for (const existing of ["/docs/getting-started", page, "/docs/api", "/docs/api/clusters", "/docs/api/clusters/create-cluster"])
      expect((await post({ page: existing, helpful: "yes" }, { json: true })).status, existing).toBe(200);
    expect(points).toHaveLength(5);
  });

  it("refuses a path longer than the stored column (255 characters) before storing anything", async () => {
    const { post, stored } = setup();
    const long = `/docs/getting-started/${"a".repeat(256 - "/docs/getting-started/".length)}`;
    expect(long).toHaveLength(256);
    const response = await post({ page: long, helpful: "no", comment: "x" }, { json: true });
    expect(response.status).toBe(400);
    expect(stored).toHaveLength(0);
  });

  it("stores a comment without control characters: NUL, terminal escapes, other C0 and C1; keeps new lines and tabs", async () => {
    const { post, stored } = setup();
    const comment = "Line one\r\nline two\u0000 \u001b[31mred\u001b[0m \u001b]0;title\u0007\u009b2Jdone\u0085\u007f\ttabbed\rlast";
    expect((await post({ page, helpful: "no", comment }, { json: true })).status).toBe(200);
    expect(stored[0]).toMatchObject({ comment: "Line one\nline two red done\ttabbed\nlast" });
  });

  it("the page shows the message after a refused plain post", async () => {
    const body = await (await request(`${page}?feedback=invalid`)).text();
    expect(textOf(body)).toContain("Choose yes or no; a comment can be at most 2000 characters.");
  });

  it("rate-limits a client after 10 posts a minute with a 429", async () => {
    // The per-isolate counter (the fallback); the binding itself is tested in rate-limit.test.ts.
    const { post } = setup({ FEEDBACK_LIMITER: undefined });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await post({ page, helpful: "yes" }, { json: true, ip: "192.0.2.77" })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    const limited = await post({ page, helpful: "yes" }, { json: true, ip: "192.0.2.77" });
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(await limited.json()).toEqual({ outcome: "too_many", message: "Too much feedback from this address; try again in a minute." });
    const plain = await post({ page, helpful: "yes" }, { ip: "192.0.2.77" });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe(`${page}?feedback=too_many#page-feedback`);
    // Another client is not limited.
    expect((await post({ page, helpful: "yes" }, { json: true, ip: "192.0.2.78" })).status).toBe(200);
  });

  it("asks the Rate Limiting binding, keyed by route and client address", async () => {
    const keys: string[] = [];
    const limiter = {
      limit: async ({ key }: { key: string }) => {
        keys.push(key);
        return { success: false };
      },
    };
    const { post, stored } = setup({ FEEDBACK_LIMITER: limiter });
    const response = await post({ page, helpful: "no", comment: "x" }, { json: true, ip: "198.51.100.4" });
    expect(response.status).toBe(429);
    expect(keys).toEqual(["feedback:198.51.100.4"]);
    expect(stored).toHaveLength(0);
  });
});

describe("feedback comments while Directus is down", () => {
  it("queues the comment, the visitor is thanked, and the consumer stores it once Directus is back", async () => {
    const { app, post, directus, stored, queued, fetch: upstream } = setup();
    // The visitor read the page before Directus went down: what it showed is cached.
    expect((await request(page, { app })).status).toBe(200);
    directus.state.down = true;
    const response = await post({ page, helpful: "no", comment: "Where is the Go sample?" });
    expect(response.headers.get("location")).toBe(`${page}?feedback=thanks#page-feedback`);
    expect(stored).toHaveLength(0);
    expect(queued).toHaveLength(1);
    const message = queued[0] as PageFeedbackMessage;
    expect(message).toMatchObject({ kind: "page_feedback", feedback: { page, helpful: false, comment: "Where is the Go sample?" } });

    const deliver = async (attempts: number) => {
      const outcomes: string[] = [];
      const batch = {
        queue: "meridian-submissions",
        messages: queued.map((body, i) => ({
          id: String(i),
          timestamp: new Date(),
          body,
          attempts,
          ack: () => outcomes.push("ack"),
          retry: () => outcomes.push("retry"),
        })),
        ackAll() {},
        retryAll() {},
      } as unknown as MessageBatch<QueueMessage>;
      await handleQueueBatch(batch, { ...env, ...testSecrets }, { fetch: upstream });
      return outcomes;
    };
    // Still down: retried, not dropped.
    expect(await deliver(1)).toEqual(["retry"]);
    expect(stored).toHaveLength(0);
    directus.state.down = false;
    expect(await deliver(2)).toEqual(["ack"]);
    expect(stored).toEqual([
      expect.objectContaining({ page, helpful: false, comment: "Where is the Go sample?", feedback_id: message.feedback.id }),
    ]);
    // A redelivery of the same message is not stored twice.
    expect(await deliver(3)).toEqual(["ack"]);
    expect(stored).toHaveLength(1);
  });

  it("says so when the queue cannot take it either", async () => {
    const { post, directus } = setup({ SUBMISSIONS: { send: async () => Promise.reject(new Error("queue down")) } });
    directus.state.down = true;
    const response = await post({ page, helpful: "no", comment: "x" }, { json: true });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ outcome: "error" });
  });
});

describe("the widget on docs and API pages", () => {
  it("is a plain form post with Yes and No, the page's path and an optional comment", async () => {
    const body = await (await request(page)).text();
    expect(body).toContain('<form action="/api/feedback" method="post">');
    expect(body).toContain(`<input type="hidden" name="page" value="${page}"/>`);
    expect(body).toMatch(/<button type="submit" value="yes"[^>]*name="helpful"/);
    expect(body).toMatch(/<button type="submit" value="no"[^>]*name="helpful"/);
    expect(body).toContain('name="comment"');
  });
});
