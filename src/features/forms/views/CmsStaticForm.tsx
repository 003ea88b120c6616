import { outcomeFromPath } from "../outcome";
import type { CmsFormProps } from "./CmsForm";
import { CmsFormView } from "./CmsFormView";

/** The form as the server renders it: no script yet, the outcome from the address after a plain post. */
export function CmsStaticForm({ form, path, turnstile, contactEmail }: CmsFormProps) {
  const outcome = outcomeFromPath(form, path);
  const errors = outcome?.kind === "invalid" ? outcome.errors : {};
  return (
    <CmsFormView
      form={form}
      path={path}
      turnstile={turnstile}
      contactEmail={contactEmail}
      outcome={outcome}
      message={(name) => errors[name]}
      field={(name) => ({ name })}
    />
  );
}
