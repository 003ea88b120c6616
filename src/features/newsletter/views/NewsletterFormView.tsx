import type { FormEventHandler } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { SiteChrome } from "../../../content/types/site";
import { t } from "../../../i18n";
import type { NewsletterField } from "../newsletter";

type NewsletterInputName = NewsletterField | "website";

export type Outcome = { kind: "idle" } | { kind: "success" } | { kind: "error"; message: string };

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

export interface NewsletterFormViewProps {
  site: SiteChrome;
  path: string;
  outcome: Outcome;
  /** The message shown under a field, if any. */
  message: (field: NewsletterField) => string | undefined;
  /** The input's props: its name, and react-hook-form's handlers once the island runs. */
  field: (name: NewsletterInputName) => Partial<UseFormRegisterReturn> & { name: string };
  submitting?: boolean;
  ready?: boolean;
  onSubmit?: FormEventHandler<HTMLFormElement>;
}

/**
 * The footer's newsletter form as markup: email, the subscriptions (topics from the CMS, at
 * least one) and the agreement. The server renders it on its own (a plain form post, which
 * works without JavaScript); the browser's island (NewsletterForm) renders the same view with
 * react-hook-form's handlers, so the two cannot drift apart.
 */
export function NewsletterFormView({
  site,
  path,
  outcome,
  message,
  field,
  submitting = false,
  ready = false,
  onSubmit,
}: NewsletterFormViewProps) {
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
          {...field("email")}
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
              <input type="checkbox" value={topic.key} className="accent-accent mt-0.5 h-4 w-4 shrink-0" {...field("topics")} />
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
            {...field("agreement")}
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
        <input id="newsletter-website" type="text" tabIndex={-1} autoComplete="off" {...field("website")} />
      </div>
      {outcome.kind === "error" && (
        <p role="alert" className="text-negative text-sm font-semibold">
          {outcome.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={submitting}>
        {submitting ? t("newsletter.submitting") : t("newsletter.submit")}
      </button>
    </form>
  );
}

/** The form as the server renders it: no script yet, messages from `?newsletter=` after a plain post. */
export function NewsletterStaticForm({ site, path }: { site: SiteChrome; path: string }) {
  const { outcome, errors } = serverOutcome(path);
  return <NewsletterFormView site={site} path={path} outcome={outcome} message={(name) => errors[name]} field={(name) => ({ name })} />;
}
