import * as z from "zod/mini";
import { t } from "../../i18n";
import { firstMessages } from "../../lib/zod-form";

/**
 * The newsletter subscription, one schema for the browser form and the worker's
 * /api/subscribe. Messages are the spec's, exactly: 'This field is required',
 * 'Select at least one subscription', 'Invalid value' (and 'An error occurred' for failures).
 */
const maxEmailLength = 254;

/** Shape of a topic key, used when the CMS list is unavailable (Directus down, cache empty). */
const topicKeyPattern = /^[a-z0-9][a-z0-9-]{0,63}$/;

const schemas = new Map<string, ReturnType<typeof buildSchema>>();

/**
 * `topicKeys`: the CMS topics; null when they could not be loaded (then only their shape is
 * checked). Built once per topic list: every page's footer form asks for it, and building a
 * zod schema costs more than rendering the form.
 */
export function newsletterSchema(topicKeys: readonly string[] | null) {
  const id = topicKeys ? JSON.stringify(topicKeys) : "";
  let schema = schemas.get(id);
  if (!schema) {
    if (schemas.size >= 32) schemas.clear();
    schema = buildSchema(topicKeys && [...topicKeys]);
    schemas.set(id, schema);
  }
  return schema;
}

function buildSchema(topicKeys: readonly string[] | null) {
  const knownTopic = (topic: string) => (topicKeys ? topicKeys.includes(topic) : topicKeyPattern.test(topic));
  return z.object({
    email: z
      .string(t("newsletter.required"))
      .check(
        z.trim(),
        z.minLength(1, t("newsletter.required")),
        z.maxLength(maxEmailLength, t("newsletter.invalid")),
        z.email(t("newsletter.invalid")),
      ),
    topics: z.array(z.string(t("newsletter.invalid")), t("newsletter.select_topic")).check(
      z.minLength(1, t("newsletter.select_topic")),
      z.maxLength(topicKeys?.length || 16, t("newsletter.invalid")),
      z.refine((topics) => topics.every(knownTopic), t("newsletter.invalid")),
    ),
    agreement: z.boolean(t("newsletter.required")).check(z.refine((value) => value === true, t("newsletter.required"))),
    /** Honeypot: invisible to people, filled by bots. */
    website: z.optional(z.string()),
    sourcePage: z.optional(z.string().check(z.maxLength(512))),
  });
}

type NewsletterInput = z.infer<ReturnType<typeof buildSchema>>;
export type NewsletterField = "email" | "topics" | "agreement";
export type FieldErrors = Partial<Record<NewsletterField, string>>;

/** Field -> first message, from a failed parse. */
export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  return firstMessages(error) as FieldErrors;
}

/** Form values (a checkbox per topic, "on" for the agreement) to the schema's input. */
export function fromForm(form: Record<string, string | string[] | File | (string | File)[]>) {
  const all = (value: unknown) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v): v is string => typeof v === "string");
  return {
    email: typeof form.email === "string" ? form.email : "",
    topics: all(form.topics),
    agreement: form.agreement === "on" || form.agreement === "true",
    website: typeof form.website === "string" ? form.website : undefined,
    sourcePage: typeof form.sourcePage === "string" ? form.sourcePage : undefined,
  };
}
