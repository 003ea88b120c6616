import { createOnce } from "../../content/create-once.server";
import type { Bindings } from "../../env";
import type { FormDeliveriesMessage, FormSubmission } from "./submission";

/**
 * Stores a submission in Directus (`form_submissions`); Directus' flows then e-mail the form's
 * address (and the sender, when the form asks). Once it is stored, its webhook deliveries are
 * queued (also for a redelivered submission: a delivery already made is not made again). Throws
 * on failure (the caller queues the submission, whose redelivery is not stored twice).
 */
export async function storeFormSubmission(
  submission: FormSubmission,
  env: Bindings,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<"stored" | "duplicate"> {
  const stored = await createOnce(
    {
      collection: "form_submissions",
      id: submission.id,
      rememberAs: "form-sub",
      what: "a form submission",
      fields: { form: submission.formId, values: submission.values, source_page: submission.sourcePage, submission_id: submission.id },
      sentAt: submission.submittedAt,
    },
    env,
    options,
  );
  try {
    await env.SUBMISSIONS.send({ kind: "form_deliveries", submission } satisfies FormDeliveriesMessage);
  } catch (error) {
    throw new Error(`Submission ${submission.id} is stored, but its webhook deliveries could not be queued`, { cause: error });
  }
  return stored;
}
