import { createOnce } from "../../content/create-once.server";
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

/**
 * Stores a submission in Directus (`form_submissions`); Directus' flow then notifies the form's
 * address. Throws on failure (the caller queues it); a redelivered submission is skipped.
 */
export function storeFormSubmission(
  submission: FormSubmission,
  env: Bindings,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<"stored" | "duplicate"> {
  return createOnce(
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
}
