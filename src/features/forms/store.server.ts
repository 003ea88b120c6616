import { sha256Hex } from "../../lib/digest";
import type { Bindings } from "../../env";
import type { FormValues } from "./form-schema";

/** A validated, verified submission, as queued and stored. */
export interface FormSubmission {
  /** The site's id: a redelivered queue message is not stored twice. */
  id: string;
  formId: string;
  formKey: string;
  values: FormValues;
  sourcePage: string | null;
  submittedAt: string;
}

/** The queue message of a submission Directus could not take at once. */
export interface FormSubmissionMessage {
  kind: "form_submission";
  submission: FormSubmission;
}

const storedKey = async (submission: FormSubmission) => `form-sub:${await sha256Hex(submission.id)}`;

/**
 * Stores a submission in Directus (REST: `POST /items/form_submissions`) with the site's
 * create-only token; Directus' flow then notifies the form's address. Throws on failure (the
 * caller queues it). A submission stored already (a queue redelivery) is skipped.
 */
export async function storeFormSubmission(
  submission: FormSubmission,
  env: Bindings,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<"stored" | "duplicate"> {
  const key = await storedKey(submission);
  if (await env.CONTENT_CACHE.get(key)) return "duplicate";
  const url = new URL("/items/form_submissions", env.API_BASE_URL);
  url.searchParams.set("fields", "id");
  const response = await (options.fetch ?? fetch)(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${env.DIRECTUS_SUBSCRIBE_TOKEN ?? ""}` },
    body: JSON.stringify({
      form: submission.formId,
      values: submission.values,
      source_page: submission.sourcePage,
      submission_id: submission.id,
    }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    // A unique-id conflict: an earlier delivery got through before its answer was lost.
    if (response.status === 400 && /RECORD_NOT_UNIQUE|unique/i.test(text)) {
      await env.CONTENT_CACHE.put(key, submission.submittedAt, { expirationTtl: 30 * 86_400 });
      return "duplicate";
    }
    throw new Error(`Directus answered ${response.status} to a form submission: ${text.slice(0, 300)}`);
  }
  await env.CONTENT_CACHE.put(key, submission.submittedAt, { expirationTtl: 30 * 86_400 });
  return "stored";
}
