import { type FormDefinition, type FormErrors, fileSizeText } from "./form-schema";
import { t } from "../../i18n";

/** What became of a submission, as /api/forms/<key> answers and the form shows it. */
export type FormOutcome =
  | { kind: "success" }
  | { kind: "invalid"; errors: FormErrors }
  | { kind: "verification_missing" }
  | { kind: "verification_failed" }
  | { kind: "verification_expired" }
  | { kind: "verification_unavailable" }
  | { kind: "not_found" }
  | { kind: "too_many" }
  | { kind: "too_large" }
  | { kind: "error" };

/** The query parameter that carries a form's outcome back to its page after a plain form post. */
export const formOutcomeParam = (key: string) => `form-${key}`;

/** Every outcome but `invalid` (which carries its field messages). */
export const plainOutcomeKinds = [
  "success",
  "verification_missing",
  "verification_failed",
  "verification_expired",
  "verification_unavailable",
  "not_found",
  "too_many",
  "too_large",
  "error",
] as const;

/**
 * The site's own field messages by the short code a page's address carries after a post without
 * JavaScript; "pattern" stands for the editor's message, anything else for 'Invalid value'.
 */
const fieldMessageKeys = new Map([
  ["required", "forms.required"],
  ["single_line", "forms.single_line"],
  ["file_kind", "forms.file_kind"],
] as const);

/** The short code of a field's message, for a page's address (never the values: it lands in logs and history). */
export function fieldMessageCode(message: string): string {
  for (const [code, key] of fieldMessageKeys) if (message === t(key)) return code;
  if (message.startsWith(t("forms.file_too_large", { max: "" }).replace(/\)$/, ""))) return "file_too_large";
  return message === t("forms.invalid") ? "invalid" : "pattern";
}

/** The outcome in a page's address (after a post without JavaScript), or null. */
export function outcomeFromPath(form: FormDefinition, path: string): FormOutcome | null {
  const value = new URL(path, "http://local.invalid").searchParams.get(formOutcomeParam(form.key));
  if (!value) return null;
  const plain = plainOutcomeKinds.find((kind) => kind === value);
  if (plain) return { kind: plain } as FormOutcome;
  if (!value.startsWith("invalid:")) return null;
  const errors: FormErrors = {};
  for (const entry of value.slice("invalid:".length).split(",")) {
    const [name, code] = entry.split(".");
    const field = form.fields.find((candidate) => candidate.name === name);
    if (!field) continue;
    const key = fieldMessageKeys.get(code as never);
    if (key) errors[field.name] = t(key);
    else if (code === "file_too_large") errors[field.name] = t("forms.file_too_large", { max: fileSizeText(field) });
    else if (code === "pattern" && field.patternMessage) errors[field.name] = field.patternMessage;
    else errors[field.name] = t("forms.invalid");
  }
  return { kind: "invalid", errors };
}

/** The sentence shown for an outcome that is not about one field. */
export function outcomeText(outcome: FormOutcome, form: FormDefinition | null): string {
  switch (outcome.kind) {
    case "success":
      return form?.successMessage ?? t("forms.success");
    case "invalid":
      return t("forms.invalid_summary");
    case "verification_missing":
      return t("forms.verification_missing");
    case "verification_failed":
      return t("forms.verification_failed");
    case "verification_expired":
      return t("forms.verification_expired");
    case "verification_unavailable":
      return t("forms.verification_unavailable");
    case "not_found":
      return t("forms.not_found");
    case "too_many":
      return t("forms.too_many");
    case "too_large":
      return t("forms.body_too_large");
    default:
      return t("forms.error");
  }
}
