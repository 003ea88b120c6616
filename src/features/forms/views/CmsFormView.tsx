import type { FormEventHandler, ReactNode, Ref } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { formControlNames, type FormDefinition, type FormField } from "../form-schema";
import type { TurnstileSettings } from "../../../config/site";
import { outcomeText, type FormOutcome } from "../outcome";
import { t } from "../../../i18n";

export interface CmsFormViewProps {
  form: FormDefinition;
  /** The page's path with its query: where the server sends the visitor back after a plain post. */
  path: string;
  turnstile: TurnstileSettings | null;
  /** Shown to visitors without JavaScript as another way to reach us. */
  contactEmail: string | null;
  outcome: FormOutcome | null;
  /** The message under a field, if any. */
  message: (name: string) => string | undefined;
  /** An input's props: its name, and react-hook-form's handlers once the island runs. */
  field: (name: string) => Partial<UseFormRegisterReturn> & { name: string };
  submitting?: boolean;
  ready?: boolean;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  formRef?: Ref<HTMLFormElement>;
}

const inputClass =
  "border-line-strong bg-surface focus-visible:border-accent mt-1.5 w-full rounded-lg border px-3 aria-[invalid=true]:border-negative";

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
  const id = (name: string) => `form-${form.key}-${name}`;
  if (outcome?.kind === "success") {
    return (
      <div role="status" className="border-positive/30 bg-positive/5 rounded-lg border p-5">
        <p className="text-positive font-semibold">{outcomeText(outcome, form)}</p>
      </div>
    );
  }
  const describedBy = (item: FormField) =>
    [item.helpText ? `${id(item.name)}-help` : null, message(item.name) ? `${id(item.name)}-error` : null].filter(Boolean).join(" ") ||
    undefined;
  const common = (item: FormField) => ({
    "aria-invalid": message(item.name) ? true : undefined,
    "aria-describedby": describedBy(item),
  });
  const after = (item: FormField): ReactNode => (
    <>
      {item.helpText && (
        <p id={`${id(item.name)}-help`} className="text-ink-muted mt-1.5 text-sm">
          {item.helpText}
        </p>
      )}
      {message(item.name) && (
        <p id={`${id(item.name)}-error`} className="text-negative mt-1.5 text-sm font-medium">
          {message(item.name)}
        </p>
      )}
    </>
  );
  const label = (item: FormField) => (
    <>
      {item.label}
      {!item.required && <span className="text-ink-muted font-normal"> ({t("forms.optional")})</span>}
    </>
  );

  const control = (item: FormField) => {
    const textLimits = {
      required: item.required || undefined,
      minLength: item.minLength ?? undefined,
      maxLength: item.maxLength,
      placeholder: item.placeholder ?? undefined,
    };
    switch (item.type) {
      case "hidden":
        return <input key={item.name} type="hidden" defaultValue={item.defaultValue ?? ""} {...field(item.name)} />;
      case "checkbox":
        return (
          <div key={item.name}>
            <label className="flex items-start gap-2.5 text-sm">
              <input
                id={id(item.name)}
                type="checkbox"
                required={item.required || undefined}
                className="accent-accent mt-0.5 h-4 w-4 shrink-0"
                {...common(item)}
                {...field(item.name)}
              />
              <span>{item.label}</span>
            </label>
            {after(item)}
          </div>
        );
      case "radio":
        return (
          <fieldset key={item.name} aria-describedby={describedBy(item)}>
            <legend className="text-sm font-semibold">{label(item)}</legend>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {item.choices.map((choice) => (
                <label key={choice.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    value={choice.value}
                    required={item.required || undefined}
                    className="accent-accent h-4 w-4"
                    {...field(item.name)}
                  />
                  {choice.text}
                </label>
              ))}
            </div>
            {after(item)}
          </fieldset>
        );
      case "select":
        return (
          <div key={item.name}>
            <label htmlFor={id(item.name)} className="text-sm font-semibold">
              {label(item)}
            </label>
            <select
              id={id(item.name)}
              required={item.required || undefined}
              defaultValue=""
              className={`${inputClass} h-11`}
              {...common(item)}
              {...field(item.name)}
            >
              <option value="">{item.placeholder ?? t("forms.choose")}</option>
              {item.choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.text}
                </option>
              ))}
            </select>
            {after(item)}
          </div>
        );
      case "textarea":
        return (
          <div key={item.name}>
            <label htmlFor={id(item.name)} className="text-sm font-semibold">
              {label(item)}
            </label>
            <textarea
              id={id(item.name)}
              rows={5}
              className={`${inputClass} py-2`}
              {...textLimits}
              {...common(item)}
              {...field(item.name)}
            />
            {after(item)}
          </div>
        );
      default:
        return (
          <div key={item.name}>
            <label htmlFor={id(item.name)} className="text-sm font-semibold">
              {label(item)}
            </label>
            <input
              id={id(item.name)}
              type={item.type === "email" ? "email" : "text"}
              autoComplete={item.type === "email" ? "email" : item.name === "name" ? "name" : undefined}
              pattern={item.pattern ?? undefined}
              title={item.pattern ? (item.patternMessage ?? undefined) : undefined}
              className={`${inputClass} h-11`}
              {...textLimits}
              {...common(item)}
              {...field(item.name)}
            />
            {after(item)}
          </div>
        );
    }
  };

  const problem = outcome && outcome.kind !== "invalid" ? outcomeText(outcome, form) : null;
  return (
    <form
      ref={formRef}
      method="post"
      action={`/api/forms/${form.key}`}
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
      {form.fields.map(control)}
      {/* Honeypot: hidden from people and assistive technology, filled by bots. */}
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor={id("website-address")}>{t("forms.honeypot_label")}</label>
        <input id={id("website-address")} type="text" tabIndex={-1} autoComplete="off" {...field(formControlNames.honeypot)} />
      </div>
      {turnstile && (
        // Cloudflare's script fills this box (its iframe and the token's hidden input); React leaves its inside alone.
        <div
          className="cf-turnstile min-h-[65px]"
          data-sitekey={turnstile.siteKey}
          data-action={`form-${form.key}`}
          data-form-turnstile=""
          dangerouslySetInnerHTML={{ __html: "" }}
        />
      )}
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
