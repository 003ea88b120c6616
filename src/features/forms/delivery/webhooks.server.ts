// The judge Directus' webhook check on save runs too (its flow gets the functions' source).
import { webhookHosts, webhookUrlProblem } from "../cms/form-webhook-rules.mjs";
import type { Bindings } from "../../../env";
import { submissionsToken } from "../../../content/create-once.server";
import type { FormDeliveriesMessage, FormSubmission, FormWebhookMessage } from "../submission";
import { webhookSignature } from "./signature";

/** What became of one try, for the queue: ack, try again later, or give up (dead letter). */
export type WebhookOutcome = "delivered" | "already_delivered" | "refused" | "retry" | "dead_letter";

interface DeliveryOptions {
  fetch?: typeof fetch;
  /** The clock of the signature's timestamp and the record's times. */
  now?: () => Date;
}

/** How long a receiver may take to answer before the try counts as failed. */
const receiverTimeoutMs = 10_000;

/** Directus' REST API with the site's token (it reads webhooks and writes deliveries). */
async function directus<T>(env: Bindings, options: DeliveryOptions, method: string, path: string, body?: unknown): Promise<T> {
  const response = await (options.fetch ?? fetch)(new URL(path, env.API_BASE_URL), {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${submissionsToken(env) ?? ""}` },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`Directus answered ${response.status} to ${method} ${path}: ${(await response.text()).slice(0, 300)}`);
  return ((await response.json()) as { data: T }).data;
}

const query = (filter: unknown, fields: string[]) =>
  new URLSearchParams({ filter: JSON.stringify(filter), fields: fields.join(","), limit: "-1" }).toString();

/**
 * The deliveries of a stored submission: one message per enabled webhook of its form. Throws
 * when Directus cannot say which (the queue tries again).
 */
export async function fanOutDeliveries(message: FormDeliveriesMessage, env: Bindings, options: DeliveryOptions = {}): Promise<number> {
  const webhooks = await directus<{ id: number | string }[]>(
    env,
    options,
    "GET",
    `/items/form_webhooks?${query({ _and: [{ form: { _eq: message.submission.formId } }, { enabled: { _eq: true } }] }, ["id"])}`,
  );
  if (webhooks.length === 0) return 0;
  await env.SUBMISSIONS.sendBatch(
    webhooks.map((webhook) => ({
      body: { kind: "form_webhook", webhookId: String(webhook.id), submission: message.submission } satisfies FormWebhookMessage,
    })),
  );
  return webhooks.length;
}

interface DeliveryRecord {
  id: number | string;
  status: string | null;
}

/** The delivery's row in Directus (`form_webhook_deliveries`), created at its first try. */
async function recordDelivery(
  env: Bindings,
  options: DeliveryOptions,
  existing: DeliveryRecord | undefined,
  fields: Record<string, unknown>,
): Promise<void> {
  if (existing) await directus(env, options, "PATCH", `/items/form_webhook_deliveries/${existing.id}`, fields);
  else await directus(env, options, "POST", "/items/form_webhook_deliveries", fields);
}

/** The JSON a receiver gets: the submission as stored, with its form and this delivery's id. */
function webhookBody(deliveryId: string, submission: FormSubmission): string {
  return JSON.stringify({
    type: "form.submission",
    delivery_id: deliveryId,
    form: { id: submission.formId, key: submission.formKey },
    submission: { id: submission.id, values: submission.values, source_page: submission.sourcePage, submitted_at: submission.submittedAt },
  });
}

/**
 * One try of one delivery: the webhook as Directus has it now (removed or disabled: nothing to
 * send), its URL judged against FORM_WEBHOOK_HOSTS (off the list: refused, not retried), then a
 * signed POST. A 2xx answer is delivered; anything else is retried, and on the queue's last try
 * recorded as a dead letter. Each try updates the delivery's row, which editors see. Throws when
 * Directus cannot be read (the queue tries again; nothing was sent).
 */
export async function deliverWebhook(
  message: FormWebhookMessage,
  attempt: { attempts: number; last: boolean },
  env: Bindings,
  options: DeliveryOptions = {},
): Promise<WebhookOutcome> {
  const { submission, webhookId } = message;
  const deliveryId = `${submission.id}.${webhookId}`;
  const [webhook] = await directus<{ id: number | string; url: string | null; secret: string | null; enabled: boolean | null }[]>(
    env,
    options,
    "GET",
    `/items/form_webhooks?${query({ id: { _eq: webhookId } }, ["id", "url", "secret", "enabled"])}`,
  );
  const [existing] = await directus<DeliveryRecord[]>(
    env,
    options,
    "GET",
    `/items/form_webhook_deliveries?${query({ delivery_id: { _eq: deliveryId } }, ["id", "status"])}`,
  );
  // A redelivered message whose first try got through (its answer or ack was lost).
  if (existing?.status === "delivered") return "already_delivered";

  const now = options.now?.() ?? new Date();
  const record = {
    delivery_id: deliveryId,
    webhook: webhook ? webhook.id : null,
    submission_id: submission.id,
    attempts: attempt.attempts,
    last_attempt_at: now.toISOString(),
  };
  const problem = !webhook
    ? "The webhook was removed; nothing was sent."
    : webhook.enabled !== true
      ? "The webhook is switched off; nothing was sent."
      : !webhook.secret
        ? "The webhook has no secret; nothing was sent."
        : webhookUrlProblem(webhook.url, webhookHosts(env.FORM_WEBHOOK_HOSTS));
  if (problem || !webhook?.url || !webhook.secret) {
    console.warn(`webhook ${webhookId}: submission ${submission.id} not sent: ${problem}`);
    // The row's webhook may be gone: the row keeps the delivery's story anyway.
    await recordDelivery(env, options, existing, { ...record, status: "refused", last_status: null, last_error: problem });
    return "refused";
  }

  const body = webhookBody(deliveryId, submission);
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await (options.fetch ?? fetch)(webhook.url.trim(), {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Meridian-Webhooks/1",
        "X-Meridian-Delivery": deliveryId,
        "X-Meridian-Signature": await webhookSignature(webhook.secret, body, Math.floor(now.getTime() / 1000)),
      },
      body,
      signal: AbortSignal.timeout(receiverTimeoutMs),
    });
    status = response.status;
    if (!response.ok) error = `The receiver answered ${response.status} ${(await response.text().catch(() => "")).slice(0, 300)}`.trim();
    else await response.body?.cancel();
  } catch (failure) {
    error = `The receiver could not be reached: ${failure instanceof Error ? failure.message : String(failure)}`;
  }

  if (error === null) {
    try {
      await recordDelivery(env, options, existing, {
        ...record,
        status: "delivered",
        last_status: status,
        last_error: null,
        delivered_at: now.toISOString(),
      });
    } catch (recordError) {
      // Sent: trying again would send it twice. The row stays behind; the log says why.
      console.error(`webhook ${webhookId}: submission ${submission.id} delivered, but its row could not be updated:`, recordError);
    }
    return "delivered";
  }
  const outcome = attempt.last ? "dead_letter" : "retry";
  console.warn(`webhook ${webhookId}: submission ${submission.id} not delivered (attempt ${attempt.attempts}): ${error}`);
  await recordDelivery(env, options, existing, {
    ...record,
    status: outcome === "retry" ? "retrying" : "dead_letter",
    last_status: status,
    last_error: error,
  });
  return outcome;
}
