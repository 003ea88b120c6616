import type { FormEventHandler, Ref } from "react";
import type { TurnstileSettings } from "../../../config/site";
import { t } from "../../../i18n";
import { choiceReveals, formControlNames, type FormDefinition, type FormField } from "../form-schema";
import { type FormOutcome, outcomeText } from "../outcome";
import { CmsFormField, type CmsFormFieldProps, fieldId } from "./CmsFormField";

export interface CmsFormViewProps {
  form: FormDefinition;
  /** The page's path with its query: where the server sends the visitor back after a plain post. */
  path: string;
  turnstile: TurnstileSettings | null;
  /** Shown to visitors without JavaScript as another way to reach us. */
  contactEmail: string | null;
  outcome: FormOutcome | null;
  message: CmsFormFieldProps["message"];
  field: CmsFormFieldProps["field"];
  submitting?: boolean;
  ready?: boolean;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  formRef?: Ref<HTMLFormElement>;
}

/** The thank-you that replaces a form once it was stored. */
function FormSuccess({ form, outcome }: { form: FormDefinition; outcome: FormOutcome }) {
  return (
    <div role="status" className="border-positive/30 bg-positive/5 rounded-lg border p-5">
      <p className="text-positive font-semibold">{outcomeText(outcome, form)}</p>
    </div>
  );
}

/** Honeypot: hidden from people and assistive technology, filled by bots. */
function HoneypotField({ formKey, field }: Pick<CmsFormFieldProps, "formKey" | "field">) {
  return (
    <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={fieldId(formKey, "website-address")}>{t("forms.honeypot_label")}</label>
      <input id={fieldId(formKey, "website-address")} type="text" tabIndex={-1} autoComplete="off" {...field(formControlNames.honeypot)} />
    </div>
  );
}

/** Cloudflare's script fills this box (its iframe and the token's hidden input); React leaves its inside alone. */
function TurnstileBox({ formKey, turnstile }: { formKey: string; turnstile: TurnstileSettings }) {
  return (
    <div
      className="cf-turnstile min-h-[65px]"
      data-sitekey={turnstile.siteKey}
      data-action={`form-${formKey}`}
      data-form-turnstile=""
      dangerouslySetInnerHTML={{ __html: "" }}
    />
  );
}

/** Without JavaScript no robot check can run: say so, and offer the e-mail address if there is one. */
function NeedsJavaScriptNotice({ contactEmail }: { contactEmail: string | null }) {
  return (
    <noscript>
      <p className="text-ink-muted text-sm">
        {t("forms.needs_javascript")}
        {contactEmail && (
          <>
            {" "}
            {t("forms.needs_javascript_email")}{" "}
            <a className="link" href={`mailto:${contactEmail}`}>
              {contactEmail}
            </a>
            .
          </>
        )}
      </p>
    </noscript>
  );
}

/** For a field others depend on: the `c<index>` of the fields a choice of it shows (see CmsFormField). */
function revealsOf(form: FormDefinition, controller: FormField): CmsFormFieldProps["reveals"] {
  const dependents = form.fields.filter((field) => field.showWhen?.field === controller.name);
  if (!dependents.length) return undefined;
  return (value) =>
    dependents
      .filter((field) => choiceReveals(field, controller, value))
      .map((field) => `c${field.showWhen!.index}`)
      .join(" ") || undefined;
}

/**
 * A CMS form as markup, from its field definitions. The server renders it on its own as a plain
 * HTML form (native constraints: required, lengths, pattern, e-mail) that posts to
 * /api/forms/<key> and works without the site's JavaScript; the browser's island renders the
 * same view with react-hook-form's handlers and checks it with the shared schema instead.
 */
export function CmsFormView({
  form,
  path,
  turnstile,
  contactEmail,
  outcome,
  message,
  field,
  submitting = false,
  ready = false,
  onSubmit,
  formRef,
}: CmsFormViewProps) {
  if (outcome?.kind === "success") return <FormSuccess form={form} outcome={outcome} />;
  const problem = outcome && outcome.kind !== "invalid" ? outcomeText(outcome, form) : null;
  return (
    <form
      ref={formRef}
      method="post"
      action={`/api/forms/${form.key}`}
      encType={form.fields.some((item) => item.type === "file") ? "multipart/form-data" : undefined}
      // The island checks with the shared schema and shows the site's messages; without it the browser's own checks run.
      noValidate={ready || undefined}
      onSubmit={onSubmit}
      data-ready={ready || undefined}
      aria-labelledby={form.title ? `form-${form.key}-title` : undefined}
      className="space-y-5"
    >
      {form.title && (
        <h3 id={`form-${form.key}-title`} className="text-xl font-semibold">
          {form.title}
        </h3>
      )}
      <input type="hidden" name={formControlNames.sourcePage} value={path} />
      {form.fields.map((item) => (
        <CmsFormField
          key={item.name}
          item={item}
          formKey={form.key}
          message={message}
          field={field}
          reveals={revealsOf(form, item)}
          inView={outcome?.kind === "invalid" && item.name in outcome.errors}
        />
      ))}
      <HoneypotField formKey={form.key} field={field} />
      {turnstile && <TurnstileBox formKey={form.key} turnstile={turnstile} />}
      <NeedsJavaScriptNotice contactEmail={contactEmail} />
      {(problem || outcome?.kind === "invalid") && (
        <p role="alert" className="text-negative text-sm font-semibold">
          {problem ?? outcomeText(outcome!, form)}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={submitting}>
        {submitting ? t("forms.submitting") : (form.submitLabel ?? t("forms.submit"))}
      </button>
    </form>
  );
}
