import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { t } from "../../../i18n";
import { type FormField, fileKinds, fileSizeText } from "../form-schema";

export interface CmsFormFieldProps {
  item: FormField;
  /** The form's key: element ids are `form-<key>-<field>`. */
  formKey: string;
  /** The message under a field, if any. */
  message: (name: string) => string | undefined;
  /** An input's props: its name, and react-hook-form's handlers once the island runs. */
  field: (name: string) => Partial<UseFormRegisterReturn> & { name: string };
  /**
   * The conditional fields a choice of this field shows (`value`; a checkbox: undefined), as
   * the `data-reveals` the form's stylesheet reads; undefined when it shows none.
   */
  reveals?: (value?: string) => string | undefined;
  /**
   * A conditional field the server's answer named (after a plain post the page does not keep the
   * choice that showed it): kept in view with its message.
   */
  inView?: boolean;
}

const inputClass =
  "border-line-strong bg-surface focus-visible:border-accent mt-1.5 w-full rounded-lg border px-3 aria-[invalid=true]:border-negative";

export const fieldId = (formKey: string, name: string) => `form-${formKey}-${name}`;

/** The ids of the field's help text and message, for `aria-describedby`. */
function describedBy({ item, formKey, message }: CmsFormFieldProps): string | undefined {
  const id = fieldId(formKey, item.name);
  return (
    [item.helpText || item.type === "file" ? `${id}-help` : null, message(item.name) ? `${id}-error` : null].filter(Boolean).join(" ") ||
    undefined
  );
}

/** What every labelled control carries: invalid while it has a message, described by its notes. */
function accessibility(props: CmsFormFieldProps) {
  return { "aria-invalid": props.message(props.item.name) ? true : undefined, "aria-describedby": describedBy(props) };
}

/** The field's help text and its message, under the control. */
function FieldNotes({ item, formKey, message }: CmsFormFieldProps) {
  const id = fieldId(formKey, item.name);
  const text = message(item.name);
  return (
    <>
      {(item.helpText || item.type === "file") && (
        <p id={`${id}-help`} className="text-ink-muted mt-1.5 text-sm">
          {[item.helpText, item.type === "file" ? fileHint(item) : null].filter(Boolean).join(" ")}
        </p>
      )}
      {text && (
        <p id={`${id}-error`} className="text-negative mt-1.5 text-sm font-medium">
          {text}
        </p>
      )}
    </>
  );
}

/** What a file field takes, in words: "PDF or PNG, up to 10 MB." */
function fileHint(item: FormField): string {
  const labels = item.accept.map((kind) => fileKinds[kind].label);
  const kinds = labels.length > 1 ? `${labels.slice(0, -1).join(", ")} ${t("forms.file_or")} ${labels.at(-1)}` : (labels[0] ?? "");
  return `${t("forms.file_hint", { kinds, max: fileSizeText(item) })}.`;
}

/**
 * The browser's own `required` check, except on a conditional field: it may be hidden (the
 * browser would refuse to send a form with a hidden required control), so the schema checks it.
 */
const nativeRequired = (item: FormField) => (item.required && !item.showWhen) || undefined;

/** The field's label, marked '(optional)' unless it is required. */
function FieldLabelText({ item }: { item: FormField }) {
  return (
    <>
      {item.label}
      {!item.required && <span className="text-ink-muted font-normal"> ({t("forms.optional")})</span>}
    </>
  );
}

/** A labelled control above its notes: select, textarea, text and e-mail fields. */
function LabelledField({ props, children }: { props: CmsFormFieldProps; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={fieldId(props.formKey, props.item.name)} className="text-sm font-semibold">
        <FieldLabelText item={props.item} />
      </label>
      {children}
      <FieldNotes {...props} />
    </div>
  );
}

function CheckboxField(props: CmsFormFieldProps) {
  const { item, formKey, field, reveals } = props;
  return (
    <div>
      <label className="flex items-start gap-2.5 text-sm">
        <input
          id={fieldId(formKey, item.name)}
          type="checkbox"
          required={nativeRequired(item)}
          data-reveals={reveals?.()}
          className="accent-accent mt-0.5 h-4 w-4 shrink-0"
          {...accessibility(props)}
          {...field(item.name)}
        />
        <span>{item.label}</span>
      </label>
      <FieldNotes {...props} />
    </div>
  );
}

function RadioField(props: CmsFormFieldProps) {
  const { item, field, reveals } = props;
  return (
    <fieldset aria-describedby={describedBy(props)}>
      <legend className="text-sm font-semibold">
        <FieldLabelText item={item} />
      </legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {item.choices.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              value={choice.value}
              required={nativeRequired(item)}
              data-reveals={reveals?.(choice.value)}
              className="accent-accent h-4 w-4"
              {...field(item.name)}
            />
            {choice.text}
          </label>
        ))}
      </div>
      <FieldNotes {...props} />
    </fieldset>
  );
}

/**
 * One field of a CMS form, by its type, with its label, help text and message. A conditional
 * field carries `data-shown-by`: the form's stylesheet hides it while no checked choice reveals
 * it (no script needed; the same markup before and after the island runs, so nothing moves).
 */
export function CmsFormField(props: CmsFormFieldProps) {
  const control = <FieldControl {...props} />;
  if (!props.item.showWhen || props.inView) return control;
  return <div data-shown-by={`c${props.item.showWhen.index}`}>{control}</div>;
}

function FieldControl(props: CmsFormFieldProps) {
  const { item, formKey, field, reveals } = props;
  const id = fieldId(formKey, item.name);
  // No `pattern` attribute: the browser would run the editor's pattern on its backtracking engine.
  // The island and the worker check it on RE2 (src/lib/linear-regexp.ts).
  const textLimits = {
    required: nativeRequired(item),
    minLength: item.minLength ?? undefined,
    maxLength: item.maxLength,
    placeholder: item.placeholder ?? undefined,
  };
  switch (item.type) {
    case "hidden":
      return <input type="hidden" defaultValue={item.defaultValue ?? ""} {...field(item.name)} />;
    case "checkbox":
      return <CheckboxField {...props} />;
    case "radio":
      return <RadioField {...props} />;
    case "select":
      return (
        <LabelledField props={props}>
          <select
            id={id}
            required={nativeRequired(item)}
            defaultValue=""
            className={`${inputClass} h-11`}
            {...accessibility(props)}
            {...field(item.name)}
          >
            <option value="">{item.placeholder ?? t("forms.choose")}</option>
            {item.choices.map((choice) => (
              <option key={choice.value} value={choice.value} data-reveals={reveals?.(choice.value)}>
                {choice.text}
              </option>
            ))}
          </select>
        </LabelledField>
      );
    case "file":
      return (
        <LabelledField props={props}>
          <input
            id={id}
            type="file"
            accept={item.accept.flatMap((kind) => [fileKinds[kind].mime, ...fileKinds[kind].extensions]).join(",")}
            required={nativeRequired(item)}
            className={`${inputClass} file:bg-surface-muted file:text-ink py-2 text-sm file:mr-3 file:rounded-md file:border-0 file:px-3 file:py-1.5 file:font-semibold`}
            {...accessibility(props)}
            {...field(item.name)}
          />
        </LabelledField>
      );
    case "textarea":
      return (
        <LabelledField props={props}>
          <textarea id={id} rows={5} className={`${inputClass} py-2`} {...textLimits} {...accessibility(props)} {...field(item.name)} />
        </LabelledField>
      );
    default:
      return (
        <LabelledField props={props}>
          <input
            id={id}
            type={item.type === "email" ? "email" : "text"}
            autoComplete={item.type === "email" ? "email" : item.name === "name" ? "name" : undefined}
            className={`${inputClass} h-11`}
            {...textLimits}
            {...accessibility(props)}
            {...field(item.name)}
          />
        </LabelledField>
      );
  }
}
