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

/** Queued once a submission is stored: its form's webhooks are looked up and each gets a delivery. */
export interface FormDeliveriesMessage {
  kind: "form_deliveries";
  submission: FormSubmission;
}

/** One submission for one webhook, retried on its own (one receiver's outage holds up no other). */
export interface FormWebhookMessage {
  kind: "form_webhook";
  webhookId: string;
  submission: FormSubmission;
}
