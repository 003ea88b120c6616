import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULTS, createApi } from "../../../../cms/scripts/lib.mjs";
import { eventually } from "../../../../test/support/eventually";
import { turnstileTestKeys } from "../../../../test/support/turnstile-fake";
import { contractWebhookPort } from "../../../../test/contract/global-setup";

/**
 * A form's webhook end to end: a submission through the built worker is stored in Directus, then
 * posted by the worker's queue consumer to a local receiver, signed with the webhook's secret,
 * once; the delivery's row in Directus says so. A webhook off the allowed hosts is refused at save.
 */
const site = inject("contractSiteUrl");
const admin = createApi(inject("contractCmsUrl"), DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const stamp = Date.now().toString(36);
const SECRET = `whsec-${stamp}-0123456789abcdef0123456789`;
const port = contractWebhookPort();

/** What a receiver does (docs/guides/developers.md): verify the signature over the raw body. */
function verified(rawBody: Buffer, header: string | undefined, secret: string) {
  const parts = Object.fromEntries(
    String(header ?? "")
      .split(",")
      .map((part) => part.trim().split("=", 2)),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1 ?? "", "hex"));
}

interface Received {
  delivery: string | undefined;
  verified: boolean;
  body: { submission: { id: string; values: Record<string, unknown> }; form: { key: string } };
}
const received: Received[] = [];
let receiver: Server;
let webhookId: number;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks);
      received.push({
        delivery: request.headers["x-meridian-delivery"] as string | undefined,
        verified: verified(raw, request.headers["x-meridian-signature"] as string | undefined, SECRET),
        body: JSON.parse(raw.toString("utf8")),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
  const [form] = (await admin("GET", "/items/forms?filter[key][_eq]=contact-sales&fields=id")) as { id: number }[];
  const hook = (await admin("POST", "/items/form_webhooks", {
    form: form?.id,
    name: `Contract receiver ${stamp}`,
    url: `http://127.0.0.1:${port}/hooks/meridian`,
    secret: SECRET,
  })) as { id: number };
  webhookId = hook.id;
});

afterAll(async () => {
  if (webhookId) await admin("DELETE", `/items/form_webhooks/${webhookId}`);
  await new Promise((resolve) => receiver?.close(resolve));
});

describe("form webhooks", () => {
  it("refuses at save a webhook whose host the operators did not allow", async () => {
    const [form] = (await admin("GET", "/items/forms?filter[key][_eq]=contact-sales&fields=id")) as { id: number }[];
    await expect(
      admin("POST", "/items/form_webhooks", { form: form?.id, url: "https://evil.example/hook", secret: SECRET }),
    ).rejects.toThrow(/evil\.example is not on the operators' list/);
  });

  it("posts a stored submission to the form's webhook, signed, once, and records it delivered", { timeout: 90_000 }, async () => {
    const message = `Webhook test ${stamp}`;
    const response = await fetch(`${site}/api/forms/contact-sales`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams([
        ["name", "Ada <Lovelace>"],
        ["email", "ada@example.com"],
        ["topic", "pricing"],
        ["gpus", "64"],
        ["message", message],
        ["consent", "on"],
        ["origin", "contact-sales-page"],
        ["source-page", "/contact-sales"],
        ["cf-turnstile-response", turnstileTestKeys.dummyToken],
      ]),
    });
    expect(response.status).toBe(200);
    const delivery = await eventually(async () => received.find((request) => request.body.submission.values.message === message), {
      timeoutMs: 60_000,
      what: "the receiver got the submission",
    });
    expect(delivery.verified).toBe(true);
    expect(delivery.body.form.key).toBe("contact-sales");
    expect(delivery.body.submission.values).toMatchObject({ name: "Ada <Lovelace>", email: "ada@example.com", message });
    expect(delivery.delivery).toBe(`${delivery.body.submission.id}.${webhookId}`);

    const row = await eventually(
      async () =>
        (
          (await admin(
            "GET",
            `/items/form_webhook_deliveries?${new URLSearchParams({ filter: JSON.stringify({ delivery_id: { _eq: delivery.delivery } }), fields: "status,attempts,last_status,webhook,submission_id" })}`,
          )) as Record<string, unknown>[]
        )[0],
      { what: "the delivery's row" },
    );
    expect(row).toMatchObject({
      status: "delivered",
      attempts: 1,
      last_status: 204,
      webhook: webhookId,
      submission_id: delivery.body.submission.id,
    });
    expect(received.filter((request) => request.body.submission.values.message === message)).toHaveLength(1);
  });
});
