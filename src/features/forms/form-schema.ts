import * as z from "zod/mini";
import { t } from "../../i18n";
import { firstMessages } from "../../lib/zod-form";

/**
 * Forms editors build in the CMS (`forms` + `form_fields`): the definition as the site uses it,
 * and the ONE zod schema of a submission's values built from it. The browser form
 * (react-hook-form) and the worker's /api/forms/<key> both validate with `formValuesSchema`, so
 * the messages a visitor sees before sending are the ones the server would answer with.
 */
const formFieldTypes = ["text", "email", "textarea", "select", "checkbox", "radio", "hidden"] as const;
type FormFieldType = (typeof formFieldTypes)[number];

interface FormChoice {
  value: string;
  text: string;
}

export interface FormField {
  name: string;
  type: FormFieldType;
  label: string;
  helpText: string | null;
  required: boolean;
  placeholder: string | null;
  /** Select and radio: the options. */
  choices: FormChoice[];
  minLength: number | null;
  maxLength: number;
  /** A regular expression the whole value must match (text, e-mail, textarea). */
  pattern: string | null;
  patternMessage: string | null;
  /** Hidden fields: the value sent (and the only one accepted). */
  defaultValue: string | null;
}

export interface FormDefinition {
  id: string;
  key: string;
  title: string | null;
  submitLabel: string | null;
  successMessage: string | null;
  fields: FormField[];
}

/** Names the site's own inputs use; CMS field names (lowercase, digits, `_`) can never clash. */
export const formControlNames = {
  /** Honeypot: hidden from people and assistive technology, filled by bots. */
  honeypot: "website-address",
  sourcePage: "source-page",
  /** What Cloudflare's widget puts in the form. */
  turnstile: "cf-turnstile-response",
} as const;

/** The selection of a form in GraphQL (the form block and the endpoint read the same fields). */
export const formSelection = /* GraphQL */ `id key title submit_label success_message
  fields(sort: ["sort"]) { name type label help_text required placeholder choices min_length max_length pattern pattern_message default_value }`;

const fieldNamePattern = /^[a-z][a-z0-9_]{0,63}$/;
const defaultMaxLength = { textarea: 5000, other: 200 } as const;
const choiceSchema = z.object({ value: z.string(), text: z.nullish(z.string()) });

/** A form as Directus returns it (`formSelection`). Unknown field types and bad names are dropped. */
export const rawFormSchema = z.object({
  id: z.union([z.string(), z.number()]),
  key: z.string(),
  title: z.nullish(z.string()),
  submit_label: z.nullish(z.string()),
  success_message: z.nullish(z.string()),
  fields: z.nullish(
    z.array(
      z.object({
        name: z.nullish(z.string()),
        type: z.nullish(z.string()),
        label: z.nullish(z.string()),
        help_text: z.nullish(z.string()),
        required: z.nullish(z.boolean()),
        placeholder: z.nullish(z.string()),
        choices: z.nullish(z.array(choiceSchema)),
        min_length: z.nullish(z.number()),
        max_length: z.nullish(z.number()),
        pattern: z.nullish(z.string()),
        pattern_message: z.nullish(z.string()),
        default_value: z.nullish(z.string()),
      }),
    ),
  ),
});
export type RawForm = z.infer<typeof rawFormSchema>;

/** Directus' shape to the definition: defaults filled in, unusable fields left out. */
export function reshapeForm(raw: RawForm): FormDefinition {
  const fields: FormField[] = [];
  const seen = new Set<string>();
  for (const field of raw.fields ?? []) {
    const type = formFieldTypes.find((known) => known === field.type);
    if (!type || !field.name || !fieldNamePattern.test(field.name) || seen.has(field.name)) continue;
    seen.add(field.name);
    const ceiling = type === "textarea" ? defaultMaxLength.textarea : defaultMaxLength.other;
    fields.push({
      name: field.name,
      type,
      label: field.label?.trim() || field.name,
      helpText: field.help_text?.trim() || null,
      required: type !== "hidden" && field.required === true,
      placeholder: field.placeholder?.trim() || null,
      choices: (field.choices ?? []).map((choice) => ({ value: choice.value, text: choice.text?.trim() || choice.value })),
      minLength: field.min_length && field.min_length > 0 ? field.min_length : null,
      maxLength: field.max_length && field.max_length > 0 ? Math.min(field.max_length, ceiling) : ceiling,
      pattern: field.pattern && compilePattern(field.pattern) ? field.pattern : null,
      patternMessage: field.pattern_message?.trim() || null,
      defaultValue: field.default_value ?? null,
    });
  }
  return {
    id: String(raw.id),
    key: raw.key,
    title: raw.title?.trim() || null,
    submitLabel: raw.submit_label?.trim() || null,
    successMessage: raw.success_message?.trim() || null,
    fields,
  };
}

/** An editor's pattern, anchored like the HTML `pattern` attribute; null when it does not compile. */
function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`, "u");
  } catch {
    return null;
  }
}

/** The values of a submission: field name → text, or a checkbox's boolean. */
export type FormValues = Record<string, string | boolean>;

/**
 * What a field of one line may not hold: line breaks (CR, LF, NEL, the Unicode line and paragraph
 * separators) and other control characters. The values go on into e-mails, logs and the CMS,
 * where a line break of the visitor's would start a line of its own.
 */
const notOneLine = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

function fieldSchema(field: FormField) {
  const required = t("forms.required");
  const invalid = t("forms.invalid");
  if (field.type === "checkbox") {
    const checkbox = z.boolean(field.required ? required : invalid);
    return field.required ? checkbox.check(z.refine((checked) => checked === true, required)) : z._default(checkbox, false);
  }
  const checks: z.core.$ZodCheck<string>[] = [z.trim()];
  if (field.required) checks.push(z.minLength(1, required));
  // Every text field but the multi-line one (a browser's single-line input drops line breaks; a script need not).
  if (field.type !== "textarea") checks.push(z.refine((value: string) => !notOneLine.test(value), t("forms.single_line")));
  checks.push(z.maxLength(field.maxLength, invalid));
  const filled = (test: (value: string) => boolean) => (value: string) => value === "" || test(value);
  if (field.minLength) {
    const min = field.minLength;
    checks.push(
      z.refine(
        filled((value) => value.length >= min),
        invalid,
      ),
    );
  }
  if (field.type === "email")
    checks.push(
      z.refine(
        filled((value) => z.regexes.email.test(value)),
        invalid,
      ),
    );
  if (field.type === "select" || field.type === "radio") {
    const allowed = new Set(field.choices.map((choice) => choice.value));
    checks.push(
      z.refine(
        filled((value) => allowed.has(value)),
        invalid,
      ),
    );
  }
  if (field.type === "hidden") checks.push(z.refine((value) => value === (field.defaultValue ?? ""), invalid));
  const pattern = field.pattern ? compilePattern(field.pattern) : null;
  if (pattern && field.type !== "hidden")
    checks.push(
      z.refine(
        filled((value) => pattern.test(value)),
        field.patternMessage ?? invalid,
      ),
    );
  const text = z.string(required).check(...checks);
  return field.required ? text : z._default(text, "");
}

const schemas = new Map<string, z.ZodMiniObject>();

/**
 * The zod schema of a form's values: one entry per field, the messages the site shows ('This
 * field is required', 'Invalid value', or the editor's pattern message). Built once per
 * definition (forms render on every view of their page).
 */
export function formValuesSchema(form: FormDefinition): z.ZodMiniObject {
  const id = JSON.stringify(form.fields);
  let schema = schemas.get(id);
  if (!schema) {
    if (schemas.size >= 32) schemas.clear();
    schema = z.object(Object.fromEntries(form.fields.map((field) => [field.name, fieldSchema(field)])));
    schemas.set(id, schema);
  }
  return schema;
}

export type FormErrors = Record<string, string>;

/** Field name → its first message, from a failed parse. */
export function formErrors(error: z.core.$ZodError): FormErrors {
  return firstMessages(error);
}

type Posted = Record<string, string | File | (string | File)[]>;

/**
 * A posted body (a plain HTML form post, or the same fields sent by the browser form) to the
 * schema's input: the first text value of each field; a checkbox counts as checked when sent.
 */
export function formInput(form: FormDefinition, body: Posted): Record<string, string | boolean | undefined> {
  const first = (value: Posted[string] | undefined) => {
    const found = Array.isArray(value) ? value[0] : value;
    return typeof found === "string" ? found : undefined;
  };
  return Object.fromEntries(
    form.fields.map((field) => {
      const value = first(body[field.name]);
      return [field.name, field.type === "checkbox" ? value !== undefined && value !== "" && value !== "false" : value];
    }),
  );
}
