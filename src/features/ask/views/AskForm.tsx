import type { FormEvent, RefObject } from "react";
import { t } from "../../../i18n";
import { maxQuestionChars } from "../operation";

export interface AskFormProps {
  /** The field's id (a page may hold more than one form). */
  id: string;
  defaultValue?: string;
  /** Enhancement: the dialog's Ask mode takes the question instead of the page load. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** A smaller form (the docs pages' box). */
  compact?: boolean;
}

/**
 * The question form: a GET to /ask, which answers on the server, so it works without
 * JavaScript; with it, the docs pages open the dialog's Ask mode instead.
 */
export function AskForm({ id, defaultValue, onSubmit, inputRef, compact = false }: AskFormProps) {
  return (
    <form action="/ask" method="get" onSubmit={onSubmit} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {t("ask.label")}
      </label>
      <input
        ref={inputRef}
        id={id}
        name="q"
        type="text"
        required
        maxLength={maxQuestionChars}
        autoComplete="off"
        defaultValue={defaultValue}
        placeholder={t("ask.placeholder")}
        className={`border-line-strong bg-surface placeholder:text-ink-subtle hover:border-ink-subtle focus:border-accent min-w-0 flex-1 rounded-lg border px-3.5 ${compact ? "h-10 text-sm" : "h-12 text-base"}`}
      />
      <button
        type="submit"
        className={`bg-accent hover:bg-accent-hover shrink-0 rounded-lg font-semibold text-white transition-colors ${compact ? "h-10 px-4 text-sm" : "h-12 px-6"}`}
      >
        {t("ask.submit")}
      </button>
    </form>
  );
}
