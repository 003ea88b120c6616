import { createOnce } from "../../content/create-once.server";
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

/**
 * Stores a comment in Directus (`docs_feedback`). Throws on failure (the caller queues it, the
 * queue retries); a redelivered comment is skipped.
 */
export function storePageFeedback(
  feedback: PageFeedback,
  env: Bindings,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<"stored" | "duplicate"> {
  return createOnce(
    {
      collection: "docs_feedback",
      id: feedback.id,
      rememberAs: "feedback",
      what: "page feedback",
      fields: { page: feedback.page, helpful: feedback.helpful, comment: feedback.comment, feedback_id: feedback.id },
      sentAt: feedback.sentAt,
    },
    env,
    options,
  );
}
