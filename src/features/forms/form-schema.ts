import * as z from "zod/mini";
import { t } from "../../i18n";
import { safeLocalPath } from "../../lib/location";
import { firstMessages } from "../../lib/zod-form";

/**
 * Forms editors build in the CMS (`forms` + `form_fields`): the definition as the site uses it,
 * and the ONE zod schema of a submission's values built from it. The browser form
 * (react-hook-form) and the worker's /api/forms/<key> both validate with `formValuesSchema`, so
 * the messages a visitor sees before sending are the ones the server would answer with.
 */
export const formFieldTypes = ["text", "email", "textarea", "select", "checkbox", "radio", "hidden", "file"] as const;
type FormFieldType = (typeof formFieldTypes)[number];

/**
 * The kinds of file an editor may accept, each recognised by its content (uploads/sniff.ts),
 * never by its name or the type the browser declares.
 */
export const fileKinds = {
  pdf: { label: "PDF", mime: "application/pdf", extensions: [".pdf"] },
  png: { label: "PNG", mime: "image/png", extensions: [".png"] },
  jpeg: { label: "JPEG", mime: "image/jpeg", extensions: [".jpg", ".jpeg"] },
  webp: { label: "WebP", mime: "image/webp", extensions: [".webp"] },
  gif: { label: "GIF", mime: "image/gif", extensions: [".gif"] },
} as const;
export type FileKind = keyof typeof fileKinds;
const isFileKind = (value: string): value is FileKind => Object.hasOwn(fileKinds, value);

/**
 * The largest file any form takes (MB): what an editor sets is capped here. The worker holds a
 * whole post in memory (128 MB an isolate), so this bounds it with `maxFileFields`.
 */
export const uploadCeilingMb = 10;
/** File fields a form may have; more are left out. */
const maxFileFields = 3;
/** The largest body a form post may have: every file at the ceiling, plus room for the text fields. */
export const maxFormBodyBytes = maxFileFields * uploadCeilingMb * 1024 * 1024 + 1024 * 1024;

/**
 * Conditional fields, one per form at most this many: the form's stylesheet shows or hides them
 * without script through numbered rules (`c0` … `c11` in src/styles/app.css).
 */
export const maxConditionalFields = 12;

/** Shown only while another field (a select, radio or checkbox shown always) has a value, or this value. */
interface FieldCondition {
  field: string;
  /** Null: any value (a checkbox: checked). */
  value: string | null;
  /** Its number in the form (`c<index>`), which the markup and the stylesheet share. */
  index: number;
}

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
  /**
   * A regular expression the whole value must match (text, e-mail, textarea), as the editor wrote
   * it: checked on RE2 only (`PatternEngine`), never by the browser's own `pattern` attribute.
   */
  pattern: string | null;
  patternMessage: string | null;
  /** Hidden fields: the value sent (and the only one accepted). */
  defaultValue: string | null;
  /** Set: the field counts (and shows) only while its condition holds. */
  showWhen: FieldCondition | null;
  /** File fields: the kinds accepted (never empty) and the largest size in MB. */
  accept: FileKind[];
  maxSizeMb: number;
}

export interface FormDefinition {
  id: string;
  key: string;
  title: string | null;
  submitLabel: string | null;
  successMessage: string | null;
  /** A path of this site the visitor goes to after a stored submission, instead of the message. */
  successRedirect: string | null;
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
export const formSelection = /* GraphQL */ `id key title submit_label success_message success_redirect
  fields(sort: ["sort"]) { name type label help_text required placeholder choices min_length max_length pattern pattern_message default_value
    show_when_field show_when_value accept max_size_mb }`;

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
  success_redirect: z.nullish(z.string()),
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
        show_when_field: z.nullish(z.string()),
        show_when_value: z.nullish(z.string()),
        accept: z.nullish(z.array(z.string())),
        max_size_mb: z.nullish(z.number()),
      }),
    ),
  ),
});
export type RawForm = z.infer<typeof rawFormSchema>;

/** Directus' shape to the definition: defaults filled in, unusable fields left out. */
export function reshapeForm(raw: RawForm): FormDefinition {
  const fields: FormField[] = [];
  const seen = new Set<string>();
  let fileFields = 0;
  for (const field of raw.fields ?? []) {
    const type = formFieldTypes.find((known) => known === field.type);
    if (!type || !field.name || !fieldNamePattern.test(field.name) || seen.has(field.name)) continue;
    if (type === "file" && ++fileFields > maxFileFields) continue;
    seen.add(field.name);
    const ceiling = type === "textarea" ? defaultMaxLength.textarea : defaultMaxLength.other;
    const accept = (field.accept ?? []).filter(isFileKind);
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
      pattern: field.pattern || null,
      patternMessage: field.pattern_message?.trim() || null,
      defaultValue: field.default_value ?? null,
      showWhen: null,
      accept: accept.length ? [...new Set(accept)] : ["pdf"],
      maxSizeMb:
        field.max_size_mb && field.max_size_mb > 0 ? Math.min(Math.floor(field.max_size_mb), uploadCeilingMb) || 1 : uploadCeilingMb,
    });
    const condition = conditionOf(field, fields);
    if (condition) fields[fields.length - 1]!.showWhen = condition;
  }
  return {
    id: String(raw.id),
    key: raw.key,
    title: raw.title?.trim() || null,
    submitLabel: raw.submit_label?.trim() || null,
    successMessage: raw.success_message?.trim() || null,
    successRedirect: raw.success_redirect?.trim() ? safeLocalPath(raw.success_redirect.trim()) : null,
    fields,
  };
}

/** Kinds of field another may depend on: their values can be told apart without script (`:checked`). */
const controllerTypes: readonly FormFieldType[] = ["select", "radio", "checkbox"];

/**
 * A field's condition, when it is one the site can keep: on a select, radio or checkbox field
 * ABOVE it that is itself always shown (no chains, no cycles), naming one of its choices (or
 * none: any value), and within the form's number of conditional fields. Otherwise the field is
 * shown always, as it would be without the condition.
 */
function conditionOf(field: NonNullable<RawForm["fields"]>[number], earlier: FormField[]): FieldCondition | null {
  const name = field.show_when_field?.trim();
  if (!name || field.type === "hidden") return null;
  const controller = earlier.find((candidate) => candidate.name === name);
  if (!controller || controller.showWhen || !controllerTypes.includes(controller.type)) return null;
  const index = earlier.filter((candidate) => candidate.showWhen).length;
  if (index >= maxConditionalFields) return null;
  const value = field.show_when_value?.trim() || null;
  if (value !== null && controller.type !== "checkbox" && !controller.choices.some((choice) => choice.value === value)) return null;
  return { field: name, value: controller.type === "checkbox" ? null : value, index };
}

/** Whether a field counts, given the form's values (a field without a condition always does). */
export function fieldShown(field: FormField, values: Record<string, unknown>): boolean {
  if (!field.showWhen) return true;
  const current = values[field.showWhen.field];
  if (typeof current === "boolean") return current;
  const text = typeof current === "string" ? current.trim() : "";
  return field.showWhen.value === null ? text !== "" : text === field.showWhen.value;
}

/** Whether a choice (or a checkbox, `value` undefined) of `controller` shows `field`. */
export function choiceReveals(field: FormField, controller: FormField, value?: string): boolean {
  if (field.showWhen?.field !== controller.name) return false;
  if (value === undefined) return true;
  return value !== "" && (field.showWhen.value === null || field.showWhen.value === value);
}

/** A file's size limit in words ("10 MB"). */
export const fileSizeText = (field: FormField) => `${field.maxSizeMb} MB`;

/**
 * How an editor's pattern is compiled: src/lib/linear-regexp.ts (RE2) in the worker, and in the
 * browser once that module has loaded; null (a pattern RE2 cannot run) means no check. This module
 * does not import it itself: every page with a form would carry RE2 to the browser.
 */
export type PatternEngine = (source: string) => { matchesWhole(value: string): boolean } | null;

/** The values of a submission as stored: field name → text, or a checkbox's boolean (a file: its link). */
export type FormValues = Record<string, string | boolean>;

/** The values as checked: a file field holds the file itself (null: none), until the worker stores it. */
export type CheckedFormValues = Record<string, string | boolean | File | null>;

/**
 * The one file of a file field's value, whatever shape it comes in: the worker's parsed body
 * (a File; an empty input posts a nameless, empty one), the browser form's FileList, or nothing.
 */
export function chosenFile(value: unknown): File | null {
  const first = typeof FileList !== "undefined" && value instanceof FileList ? value.item(0) : Array.isArray(value) ? value[0] : value;
  return typeof File !== "undefined" && first instanceof File && first.size > 0 ? first : null;
}

/**
 * What a field of one line may not hold: line breaks (CR, LF, NEL, the Unicode line and paragraph
 * separators) and other control characters. The values go on into e-mails, logs and the CMS,
 * where a line break of the visitor's would start a line of its own.
 */
const notOneLine = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

function fieldSchema(field: FormField, patterns: PatternEngine | null) {
  const required = t("forms.required");
  const invalid = t("forms.invalid");
  if (field.type === "file") {
    // Its presence and size here (the browser knows both before sending); its kind only in the
    // worker, from its first bytes, once Turnstile passed (uploads/sniff.ts).
    const tooLarge = t("forms.file_too_large", { max: fileSizeText(field) });
    const maxBytes = field.maxSizeMb * 1024 * 1024;
    const file = z.pipe(z.unknown(), z.transform(chosenFile));
    return file.check(
      z.refine((chosen) => chosen !== null || !field.required, required),
      z.refine((chosen) => chosen === null || chosen.size <= maxBytes, tooLarge),
    );
  }
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
  const pattern = field.pattern && field.type !== "hidden" && patterns ? patterns(field.pattern) : null;
  if (pattern) {
    const maxLength = field.maxLength;
    checks.push(
      z.refine(
        // A value already refused for its length is not matched as well: the body may be megabytes.
        filled((value) => value.length > maxLength || pattern.matchesWhole(value)),
        field.patternMessage ?? invalid,
      ),
    );
  }
  const text = z.string(required).check(...checks);
  return field.required ? text : z._default(text, "");
}

const schemas = new Map<string, { patterns: PatternEngine | null; schema: FormValuesSchema }>();

/** A form's schema: what it checks comes in as posted, and goes out with only the fields that count. */
export type FormValuesSchema = z.ZodMiniType<CheckedFormValues, Record<string, unknown>>;

/**
 * The zod schema of a form's values: one entry per field, the messages the site shows ('This
 * field is required', 'Invalid value', or the editor's pattern message). A conditional field is
 * checked only while its condition holds, and is left out of the values otherwise (never
 * stored), so the browser and the worker agree on what counts. Built once per definition (forms
 * render on every view of their page). `patterns` compiles the editors' patterns; null leaves
 * them to the worker (the browser, until RE2 has loaded).
 */
export function formValuesSchema(form: FormDefinition, patterns: PatternEngine | null): FormValuesSchema {
  const id = JSON.stringify(form.fields);
  let cached = schemas.get(id);
  if (!cached || cached.patterns !== patterns) {
    if (schemas.size >= 32) schemas.clear();
    cached = { patterns, schema: buildValuesSchema(form, patterns) };
    schemas.set(id, cached);
  }
  return cached.schema;
}

function buildValuesSchema(form: FormDefinition, patterns: PatternEngine | null): FormValuesSchema {
  const conditional = form.fields.filter((field) => field.showWhen).map((field) => ({ field, schema: fieldSchema(field, patterns) }));
  const always = z.object(
    Object.fromEntries(form.fields.map((field) => [field.name, field.showWhen ? z.optional(z.unknown()) : fieldSchema(field, patterns)])),
  );
  // Runs even when an always-shown field failed, so every message shows at once.
  const checked = always.check(
    z.superRefine(
      (values: Record<string, unknown>, ctx) => {
        for (const { field, schema } of conditional) {
          if (!fieldShown(field, values)) continue;
          const parsed = schema.safeParse(values[field.name]);
          if (!parsed.success)
            for (const issue of parsed.error.issues)
              ctx.addIssue({ code: "custom", message: issue.message, path: [field.name], input: values[field.name] });
        }
      },
      { when: () => true },
    ),
  );
  return z.pipe(
    checked,
    z.transform((values: Record<string, unknown>) => {
      const counted: CheckedFormValues = {};
      for (const field of form.fields) {
        if (!fieldShown(field, values)) continue;
        const conditionalField = conditional.find((entry) => entry.field === field);
        counted[field.name] = (
          conditionalField ? conditionalField.schema.parse(values[field.name]) : values[field.name]
        ) as CheckedFormValues[string];
      }
      return counted;
    }),
  ) as unknown as FormValuesSchema;
}

export type FormErrors = Record<string, string>;

/** Field name → its first message, from a failed parse. */
export function formErrors(error: z.core.$ZodError): FormErrors {
  return firstMessages(error);
}

type Posted = Record<string, string | File | (string | File)[]>;

/**
 * A posted body (a plain HTML form post, or the same fields sent by the browser form) to the
 * schema's input: the first text value of each field; a checkbox counts as checked when sent; a
 * file field's first file.
 */
export function formInput(form: FormDefinition, body: Posted): Record<string, string | boolean | File | undefined> {
  const list = (value: Posted[string] | undefined) => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
  return Object.fromEntries(
    form.fields.map((field) => {
      const values = list(body[field.name]);
      if (field.type === "file") return [field.name, values.find((value): value is File => typeof value !== "string")];
      const value = values[0];
      const text = typeof value === "string" ? value : undefined;
      return [field.name, field.type === "checkbox" ? text !== undefined && text !== "" && text !== "false" : text];
    }),
  );
}
