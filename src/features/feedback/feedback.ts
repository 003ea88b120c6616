import * as z from "zod/mini";
import { t } from "../../i18n";
import { withoutControlCharacters } from "../../lib/control-characters";

/**
 * "Was this page helpful?" on docs and API pages: one schema for the browser's enhanced form and
 * the worker's POST /api/feedback. Yes or no, an optional comment; no cookie, no visitor id.
 */
export const feedbackEndpoint = "/api/feedback";
/** The query parameter that carries the outcome back to the page after a plain form post. */
export const feedbackParam = "feedback";
/** The widget's id: the fragment a plain post returns to. */
export const feedbackAnchor = "page-feedback";
export const maxCommentLength = 2000;
/** The length of the column that stores a comment's page (`docs_feedback.page`, cms/schema/snapshot.yaml). */
export const maxPageLength = 255;

export const feedbackSchema = z.object({
  /** The page's path: a docs or API page (no query, no fragment). Whether it exists, the worker checks. */
  page: z.string().check(z.regex(/^\/docs(?:\/[A-Za-z0-9._~-]+)*$/), z.maxLength(maxPageLength)),
  helpful: z.enum(["yes", "no"]),
  comment: z.string().check(z.maxLength(maxCommentLength)),
});

/**
 * The body of a form post or the browser's fetch, as the schema reads it. The comment loses its
 * control characters: it is read later in the CMS and in a terminal (`npm run feedback`).
 */
export function feedbackInput(body: Record<string, unknown>): unknown {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return { page: text(body.page), helpful: text(body.helpful), comment: withoutControlCharacters(text(body.comment) ?? "").trim() };
}

export const feedbackOutcomes = ["thanks", "invalid", "unknown_page", "too_many", "error"] as const;
export type FeedbackOutcome = (typeof feedbackOutcomes)[number];

/** The outcome in a page's address after a plain post, or null. */
export function feedbackOutcomeFromPath(path: string): FeedbackOutcome | null {
  const value = new URL(path, "http://local.invalid").searchParams.get(feedbackParam);
  return feedbackOutcomes.find((outcome) => outcome === value) ?? null;
}

export function feedbackMessage(outcome: FeedbackOutcome): string {
  switch (outcome) {
    case "thanks":
      return t("feedback.thanks");
    case "invalid":
      return t("feedback.invalid");
    case "unknown_page":
      return t("feedback.unknown_page");
    case "too_many":
      return t("feedback.too_many");
    case "error":
      return t("feedback.error");
  }
}
