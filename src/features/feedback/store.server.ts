import { sha256Hex } from "../../lib/digest";
import type { Bindings } from "../../env";

/** A comment on a page, as queued and stored. */
export interface PageFeedback {
  /** The site's id: a redelivered queue message is not stored twice. */
  id: string;
  page: string;
  helpful: boolean;
  comment: string;
  sentAt: string;
}

/** The queue message of a comment Directus could not take at once. */
export interface PageFeedbackMessage {
  kind: "page_feedback";
  feedback: PageFeedback;
}

const storedKey = async (feedback: PageFeedback) => `feedback:${await sha256Hex(feedback.id)}`;

/**
 * Stores a comment in Directus (`POST /items/docs_feedback`) with the site's create-only token.
 * Throws on failure (the caller queues it, the queue retries). A comment stored already (a queue
 * redelivery whose first answer was lost) is skipped.
 */
export async function storePageFeedback(
  feedback: PageFeedback,
  env: Bindings,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<"stored" | "duplicate"> {
  const key = await storedKey(feedback);
  if (await env.CONTENT_CACHE.get(key)) return "duplicate";
  const url = new URL("/items/docs_feedback", env.API_BASE_URL);
  url.searchParams.set("fields", "id");
  const response = await (options.fetch ?? fetch)(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${env.DIRECTUS_SUBSCRIBE_TOKEN ?? ""}` },
    body: JSON.stringify({ page: feedback.page, helpful: feedback.helpful, comment: feedback.comment, feedback_id: feedback.id }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    if (response.status === 400 && /RECORD_NOT_UNIQUE|unique/i.test(text)) {
      await env.CONTENT_CACHE.put(key, feedback.sentAt, { expirationTtl: 30 * 86_400 });
      return "duplicate";
    }
    throw new Error(`Directus answered ${response.status} to page feedback: ${text.slice(0, 300)}`);
  }
  await env.CONTENT_CACHE.put(key, feedback.sentAt, { expirationTtl: 30 * 86_400 });
  return "stored";
}
