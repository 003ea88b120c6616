import type { FormEvent } from "react";
import { t } from "../../../i18n";
import { requestAsk } from "../../../ui/ask-request";
import { AskForm } from "./AskForm";

/**
 * The docs pages' way in: a GET form to /ask (works without JavaScript); once the app runs,
 * the question opens the search dialog's Ask mode, which streams the answer in place.
 */
export function DocsAskBox() {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const question = new FormData(event.currentTarget).get("q");
    if (typeof question === "string" && question.trim() && requestAsk(question.trim())) {
      event.preventDefault();
      event.currentTarget.reset();
    }
  };
  return (
    <section aria-labelledby="docs-ask-title" className="border-line bg-surface-muted mt-10 rounded-xl border p-5">
      <h2 id="docs-ask-title" className="text-base font-semibold">
        {t("ask.docs_form_title")}
      </h2>
      <p className="text-ink-muted mt-1 mb-3 text-sm">{t("ask.docs_form_text")}</p>
      <AskForm id="docs-ask-q" compact onSubmit={onSubmit} />
    </section>
  );
}
