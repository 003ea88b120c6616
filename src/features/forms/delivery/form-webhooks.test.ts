// Form webhooks through the queue: a stored submission's deliveries are looked up and each sent,
// signed, to a fake receiver; an outage is retried with backoff until the receiver is back
// (delivered once), or ends as a dead letter; a host off the operators' list gets nothing. A fake
// Directus keeps the webhooks and the delivery rows editors see.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { webhookRetryDelaySeconds } from "./backoff";
import { hmacSha256Hex } from "./signature";
import type { FormWebhookMessage } from "../submission";
import type { FormSubmission } from "../submission";
import { handleQueueBatch, QUEUE_MAX_RETRIES, type QueueMessage } from "../../../app/queue.server";
import { testSecrets } from "../../../../test/worker/helpers";

const SECRET = "whsec-0123456789abcdef0123456789abcdef";
const NOW = new Date("2026-11-27T06:00:00Z");

interface Webhook {
  id: number;
  form: number;
  url: string;
  secret: string;
  enabled: boolean;
}

interface Received {
  headers: Headers;
  body: string;
}

/** Directus (form submissions, webhooks, delivery rows), a receiver that may be down, and a queue. */
function setup(webhooks: Webhook[]) {
  const directus = { down: false, submissions: [] as Record<string, unknown>[], deliveries: [] as Record<string, unknown>[] };
  const receiver = { down: false, status: 204, received: [] as Received[], accepted: [] as Received[] };
  const queued: QueueMessage[] = [];
  const queue = {
    send: async (body: QueueMessage) => void queued.push(body),
    sendBatch: async (messages: { body: QueueMessage }[]) => void queued.push(...messages.map((message) => message.body)),
  } as unknown as Queue;

  const json = (data: unknown) => Response.json({ data });
  const matches = (row: Record<string, unknown>, filter: Record<string, unknown>): boolean =>
    Object.entries(filter).every(([field, test]) =>
      field === "_and"
        ? (test as Record<string, unknown>[]).every((part) => matches(row, part))
        : String(row[field]) === String((test as { _eq: unknown })._eq),
    );

  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.host === "directus.test") {
      if (directus.down) throw new TypeError("fetch failed: connection refused");
      expect(request.headers.get("authorization")).toBe(`Bearer ${testSecrets.DIRECTUS_SUBMISSIONS_TOKEN}`);
      const filter = JSON.parse(url.searchParams.get("filter") ?? "{}");
      if (url.pathname === "/items/form_submissions" && request.method === "POST") {
        directus.submissions.push(await request.json());
        return json({ id: directus.submissions.length });
      }
      if (url.pathname === "/items/form_webhooks") return json(webhooks.filter((row) => matches({ ...row }, filter)));
      if (url.pathname === "/items/form_webhook_deliveries" && request.method === "GET") {
        return json(directus.deliveries.filter((row) => matches(row, filter)));
      }
      if (url.pathname === "/items/form_webhook_deliveries" && request.method === "POST") {
        const row = { id: directus.deliveries.length + 1, ...((await request.json()) as object) };
        directus.deliveries.push(row);
        return json(row);
      }
      const patch = /^\/items\/form_webhook_deliveries\/(\d+)$/.exec(url.pathname);
      if (patch && request.method === "PATCH") {
        const row = directus.deliveries.find((delivery) => String(delivery.id) === patch[1]);
        Object.assign(row ?? {}, await request.json());
        return json(row);
      }
      return new Response("not found", { status: 404 });
    }
    if (url.host === "crm.example" || url.host === "other.example") {
      if (receiver.down) throw new TypeError("fetch failed: connection refused");
      const received = { headers: request.headers, body: await request.text() };
      receiver.received.push(received);
      if (receiver.status >= 200 && receiver.status < 300) receiver.accepted.push(received);
      return new Response(null, { status: receiver.status });
    }
    throw new Error(`unexpected fetch ${request.url}`);
  }) as typeof fetch;

  const bindings = { ...env, ...testSecrets, API_BASE_URL: "http://directus.test", FORM_WEBHOOK_HOSTS: "crm.example", SUBMISSIONS: queue };

  /** Runs one message through the consumer as its `attempts`-th delivery; says what the consumer did. */
  const run = async (body: QueueMessage, attempts = 1) => {
    const outcomes: string[] = [];
    const batch = {
      queue: "meridian-submissions",
      messages: [
        {
          id: "m1",
          timestamp: NOW,
          body,
          attempts,
          ack: () => outcomes.push("ack"),
          retry: (options?: { delaySeconds?: number }) => outcomes.push(`retry ${options?.delaySeconds ?? 0}`),
        },
      ],
      ackAll() {},
      retryAll() {},
    } as unknown as MessageBatch<QueueMessage>;
    await handleQueueBatch(batch, bindings, { fetch: fetchImpl, now: () => NOW });
    return outcomes;
  };
  return { directus, receiver, queued, run };
}

const submission: FormSubmission = {
  id: "3f1c2a9e-0000-4000-8000-000000000001",
  formId: "3",
  formKey: "contact-sales",
  values: { name: "Ada <Lovelace>", email: "ada@example.com", message: "64 GPUs" },
  sourcePage: "/contact-sales",
  submittedAt: "2026-11-27T05:59:59.000Z",
};
const crm: Webhook = { id: 7, form: 3, url: "https://crm.example/hooks/meridian", secret: SECRET, enabled: true };
const toCrm: FormWebhookMessage = { kind: "form_webhook", webhookId: "7", submission };

describe("form webhooks", () => {
  it("a submission that arrives through the queue's retry path is stored, then each enabled webhook of its form gets a delivery", async () => {
    const other: Webhook = { id: 8, form: 3, url: "https://other.example/x", secret: SECRET, enabled: true };
    const off: Webhook = { id: 9, form: 3, url: "https://crm.example/off", secret: SECRET, enabled: false };
    const elsewhere: Webhook = { id: 10, form: 4, url: "https://crm.example/4", secret: SECRET, enabled: true };
    const { directus, queued, run } = setup([crm, other, off, elsewhere]);
    expect(await run({ kind: "form_submission", submission }, 2)).toEqual(["ack"]);
    expect(directus.submissions).toHaveLength(1);
    expect(queued).toEqual([{ kind: "form_deliveries", submission }]);

    expect(await run(queued[0] as QueueMessage)).toEqual(["ack"]);
    expect(queued.slice(1)).toEqual([
      { kind: "form_webhook", webhookId: "7", submission },
      { kind: "form_webhook", webhookId: "8", submission },
    ]);
  });

  it("posts the submission signed with the webhook's secret, and records it delivered", async () => {
    const { directus, receiver, run } = setup([crm]);
    expect(await run(toCrm)).toEqual(["ack"]);
    expect(receiver.accepted).toHaveLength(1);
    const { headers, body } = receiver.accepted[0] as Received;
    const deliveryId = `${submission.id}.7`;
    expect(JSON.parse(body)).toEqual({
      type: "form.submission",
      delivery_id: deliveryId,
      form: { id: "3", key: "contact-sales" },
      submission: { id: submission.id, values: submission.values, source_page: "/contact-sales", submitted_at: submission.submittedAt },
    });
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("x-meridian-delivery")).toBe(deliveryId);
    // What a receiver checks: HMAC-SHA256 over "<t>.<body>" with the shared secret.
    const timestamp = Math.floor(NOW.getTime() / 1000);
    expect(headers.get("x-meridian-signature")).toBe(`t=${timestamp},v1=${await hmacSha256Hex(SECRET, `${timestamp}.${body}`)}`);
    expect(directus.deliveries).toEqual([
      expect.objectContaining({
        delivery_id: deliveryId,
        webhook: 7,
        submission_id: submission.id,
        status: "delivered",
        attempts: 1,
        last_status: 204,
        last_error: null,
        delivered_at: NOW.toISOString(),
      }),
    ]);
  });

  it("retries with backoff while the receiver is down, then delivers once when it is back", async () => {
    const { directus, receiver, run } = setup([crm]);
    receiver.down = true;
    expect(await run(toCrm, 1)).toEqual([`retry ${webhookRetryDelaySeconds(1)}`]);
    expect(directus.deliveries).toEqual([expect.objectContaining({ status: "retrying", attempts: 1, last_status: null })]);
    expect(String(directus.deliveries[0]?.last_error)).toMatch(/could not be reached/);
    // Back, but failing: its answer is kept.
    receiver.down = false;
    receiver.status = 503;
    expect(await run(toCrm, 2)).toEqual([`retry ${webhookRetryDelaySeconds(2)}`]);
    expect(directus.deliveries).toEqual([expect.objectContaining({ status: "retrying", attempts: 2, last_status: 503 })]);

    receiver.status = 200;
    expect(await run(toCrm, 3)).toEqual(["ack"]);
    expect(receiver.accepted).toHaveLength(1);
    expect(directus.deliveries).toEqual([
      expect.objectContaining({ status: "delivered", attempts: 3, last_status: 200, last_error: null }),
    ]);
    // The same message again (an ack that got lost): not sent twice.
    expect(await run(toCrm, 4)).toEqual(["ack"]);
    expect(receiver.received).toHaveLength(2); // the 503 and the one it accepted
    expect(receiver.accepted).toHaveLength(1);
  });

  it("ends as a dead letter after the queue's last try, its row saying so", async () => {
    const { directus, receiver, run } = setup([crm]);
    receiver.status = 500;
    const outcomes: string[][] = [];
    for (let attempts = 1; attempts <= QUEUE_MAX_RETRIES + 1; attempts++) outcomes.push(await run(toCrm, attempts));
    expect(outcomes.slice(0, QUEUE_MAX_RETRIES)).toEqual(
      Array.from({ length: QUEUE_MAX_RETRIES }, (_, index) => [`retry ${webhookRetryDelaySeconds(index + 1)}`]),
    );
    // The last try is retried too: past its last try, the queue moves the message to the dead-letter queue.
    expect(outcomes.at(-1)).toEqual([`retry ${webhookRetryDelaySeconds(QUEUE_MAX_RETRIES + 1)}`]);
    expect(directus.deliveries).toEqual([
      expect.objectContaining({
        status: "dead_letter",
        attempts: QUEUE_MAX_RETRIES + 1,
        last_status: 500,
        last_error: "The receiver answered 500",
      }),
    ]);
    expect(receiver.received).toHaveLength(QUEUE_MAX_RETRIES + 1);
  });

  it("sends nothing to a host off the operators' list, and records why", async () => {
    const offList: Webhook = { ...crm, url: "https://other.example/hooks" };
    const { directus, receiver, run } = setup([offList]);
    expect(await run(toCrm)).toEqual(["ack"]);
    expect(receiver.received).toHaveLength(0);
    expect(directus.deliveries).toEqual([expect.objectContaining({ status: "refused", attempts: 1 })]);
    expect(String(directus.deliveries[0]?.last_error)).toMatch(/other\.example is not on the operators' list.*Allowed hosts: crm\.example/);
  });

  it("sends nothing to a webhook switched off or removed since the submission", async () => {
    const { directus, receiver, run } = setup([{ ...crm, enabled: false }]);
    expect(await run(toCrm)).toEqual(["ack"]);
    expect(await run({ ...toCrm, webhookId: "99", submission: { ...submission, id: "gone" } })).toEqual(["ack"]);
    expect(receiver.received).toHaveLength(0);
    expect(directus.deliveries.map((row) => [row.status, row.last_error])).toEqual([
      ["refused", "The webhook is switched off; nothing was sent."],
      ["refused", "The webhook was removed; nothing was sent."],
    ]);
  });

  it("tries again later, having sent nothing, while Directus is down", async () => {
    const { directus, receiver, run } = setup([crm]);
    directus.down = true;
    expect(await run(toCrm)).toEqual(["retry 10"]);
    expect(await run({ kind: "form_deliveries", submission })).toEqual(["retry 10"]);
    expect(receiver.received).toHaveLength(0);
  });
});
