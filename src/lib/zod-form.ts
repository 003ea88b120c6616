import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod/mini";

/** Any zod (or zod/mini) schema: the form modules use zod/mini to keep the browser bundle small. */
type Schema = { safeParse(value: unknown): { success: true } | { success: false; error: z.core.$ZodError } };

/** The first message of each field (the worker's answers and the browser's form show the same). */
export function firstMessages(error: z.core.$ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !(field in messages)) messages[field] = issue.message;
  }
  return messages;
}

/** react-hook-form's resolver for a zod schema: one schema checks the browser's form and the worker's input. */
export function zodResolver<Values extends FieldValues>(schema: Schema): Resolver<Values> {
  return async (values) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(firstMessages(parsed.error)).map(([field, message]) => [field, { type: "validation", message }]),
    );
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
