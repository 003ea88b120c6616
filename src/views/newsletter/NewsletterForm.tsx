import { useEffect, useMemo, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { t } from "../../i18n";
import { fieldErrors, newsletterSchema, type NewsletterField } from "../../lib/newsletter";
import type { SiteChrome } from "../../content/types/site";

interface Values {
  email: string;
  topics: string[];
  agreement: boolean;
  website: string;
}

type Outcome = { kind: "idle" } | { kind: "success" } | { kind: "error"; message: string };

/** `?newsletter=` set by /api/subscribe after a form post without JavaScript. */
export function serverOutcome(path: string): { outcome: Outcome; errors: Partial<Record<NewsletterField, string>> } {
  const value = new URL(path, "http://local.invalid").searchParams.get("newsletter");
  if (value === "success") return { outcome: { kind: "success" }, errors: {} };
  if (value === "error") return { outcome: { kind: "error", message: t("newsletter.error") }, errors: {} };
  const errors: Partial<Record<NewsletterField, string>> = {};
  if (value?.startsWith("invalid:")) {
    for (const entry of value.slice(8).split(",")) {
      const [field, code] = entry.split(".") as [NewsletterField, string];
      if (["email", "topics", "agreement"].includes(field) && ["required", "invalid", "select_topic"].includes(code)) {
        errors[field] = t(`newsletter.${code}` as "newsletter.required");
      }
    }
  }
  return { outcome: { kind: "idle" }, errors };
}

/**
 * The footer's newsletter form: email, the subscriptions (topics from the CMS, at least one)
 * and the agreement. react-hook-form with the schema the worker uses; without JavaScript it
 * is a plain form post, and the server's redirect brings the same messages back.
 */
export function NewsletterForm({ site, path }: { site: SiteChrome; path: string }) {
  const initial = useMemo(() => serverOutcome(path), [path]);
  const [outcome, setOutcome] = useState<Outcome>(initial.outcome);
  const schema = useMemo(() => newsletterSchema(site.newsletterTopics.map((topic) => topic.key)), [site.newsletterTopics]);
  const resolver: Resolver<Values> = async (values) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(fieldErrors(parsed.error)).map(([field, message]) => [field, { type: "validation", message }]),
    );
    return { values: {}, errors };
  };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver, defaultValues: { email: "", topics: [], agreement: false, website: "" } });
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []); // marks the hydrated form (tests wait for it)
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

  if (outcome.kind === "success") {
    return (
      <div role="status" className="border-positive/30 bg-positive/5 mt-5 rounded-lg border p-4">
        <p className="text-positive font-semibold">{t("newsletter.success", { name: site.name })}</p>
        <p className="text-ink-muted mt-1 text-sm">{t("newsletter.success_text")}</p>
      </div>
    );
  }

  const fieldError = (field: NewsletterField) =>
    message(field) ? (
      <p id={`newsletter-${field}-error`} className="text-negative mt-1.5 text-sm font-medium">
        {message(field)}
      </p>
    ) : null;

  return (
    <form method="post" action="/api/subscribe" noValidate onSubmit={onSubmit} data-ready={ready || undefined} className="mt-5 space-y-4">
      <input type="hidden" name="sourcePage" value={path} />
      <div>
        <label htmlFor="newsletter-email" className="text-sm font-semibold">
          {t("newsletter.email_label")}
        </label>
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder={t("newsletter.email_placeholder")}
          aria-invalid={message("email") ? true : undefined}
          aria-describedby={message("email") ? "newsletter-email-error" : undefined}
          className="border-line-strong bg-surface focus-visible:border-accent mt-1.5 h-11 w-full rounded-lg border px-3"
          {...register("email")}
        />
        {fieldError("email")}
      </div>
      <fieldset aria-describedby={message("topics") ? "newsletter-topics-error" : undefined}>
        <legend className="text-sm font-semibold">{t("newsletter.topics_legend")}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {site.newsletterTopics.map((topic) => (
            <label
              key={topic.key}
              className="border-line has-[:checked]:border-accent has-[:checked]:bg-accent-soft flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm"
            >
              <input type="checkbox" value={topic.key} className="accent-accent mt-0.5 h-4 w-4 shrink-0" {...register("topics")} />
              <span>
                <span className="block font-semibold">{topic.title}</span>
              </span>
            </label>
          ))}
        </div>
        {fieldError("topics")}
      </fieldset>
      <div>
        <label className="flex items-start gap-2.5 text-sm">
          {/* No value attribute: react-hook-form reads a boolean, a plain form post sends "on". */}
          <input
            type="checkbox"
            aria-invalid={message("agreement") ? true : undefined}
            aria-describedby={message("agreement") ? "newsletter-agreement-error" : undefined}
            className="accent-accent mt-0.5 h-4 w-4 shrink-0"
            {...register("agreement")}
          />
          <span className="text-ink-muted">
            {t("newsletter.agreement", { name: site.name })}{" "}
            <a href={site.privacyPolicyUrl} className="link">
              {t("newsletter.privacy_link")}
            </a>
            .
          </span>
        </label>
        {fieldError("agreement")}
      </div>
      {/* Honeypot: hidden from people and assistive technology, filled by bots. */}
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor="newsletter-website">{t("newsletter.honeypot_label")}</label>
        <input id="newsletter-website" type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
      </div>
      {outcome.kind === "error" && (
        <p role="alert" className="text-negative text-sm font-semibold">
          {outcome.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? t("newsletter.submitting") : t("newsletter.submit")}
      </button>
    </form>
  );
}
