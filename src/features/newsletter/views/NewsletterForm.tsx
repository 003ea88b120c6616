import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { t } from "../../../i18n";
import { newsletterSchema, type NewsletterField } from "../newsletter";
import { zodResolver } from "../../../lib/zod-form";
import type { SiteChrome } from "../../../content/types/site";
import { NewsletterFormView, serverOutcome, type Outcome } from "./NewsletterFormView";
import { useHydrated } from "../../../ui/use-hydrated";

interface Values {
  email: string;
  topics: string[];
  agreement: boolean;
  website: string;
}

/**
 * The newsletter form once its island runs: react-hook-form with the schema the worker uses,
 * posting with fetch; the markup is NewsletterFormView's, as the server rendered it.
 */
export function NewsletterForm({ site, path }: { site: SiteChrome; path: string }) {
  const initial = useMemo(() => serverOutcome(path), [path]);
  const [outcome, setOutcome] = useState<Outcome>(initial.outcome);
  const schema = useMemo(() => newsletterSchema(site.newsletterTopics.map((topic) => topic.key)), [site.newsletterTopics]);
  const resolver = useMemo(() => zodResolver<Values>(schema), [schema]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver, defaultValues: { email: "", topics: [], agreement: false, website: "" } });
  const ready = useHydrated();
  const message = (field: NewsletterField) => errors[field]?.message ?? initial.errors[field];

  const onSubmit = handleSubmit(async (values) => {
    setOutcome({ kind: "idle" });
    try {
      const response = await fetch("/api/subscribe", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...values, sourcePage: path }),
      });
      const body = (await response.json().catch(() => ({}))) as { errors?: Partial<Record<NewsletterField, string>> };
      if (response.ok) return setOutcome({ kind: "success" });
      const fieldMessages = Object.entries(body.errors ?? {});
      if (response.status === 400 && fieldMessages.length) {
        for (const [field, text] of fieldMessages) setError(field as NewsletterField, { type: "server", message: text });
        return;
      }
      setOutcome({ kind: "error", message: response.status === 429 ? t("newsletter.too_many") : t("newsletter.error") });
    } catch {
      setOutcome({ kind: "error", message: t("newsletter.error") });
    }
  });

  return (
    <NewsletterFormView
      site={site}
      path={path}
      outcome={outcome}
      message={message}
      field={register}
      submitting={isSubmitting}
      ready={ready}
      onSubmit={onSubmit}
    />
  );
}
