import type { FormEventHandler } from "react";
import { feedbackAnchor, feedbackEndpoint, feedbackMessage, maxCommentLength, type FeedbackOutcome } from "../feedback";
import { t } from "../../../i18n";
import { ThumbDownIcon, ThumbUpIcon } from "../../../ui/icons";

export interface FeedbackViewProps {
  /** The page's path, without query. */
  page: string;
  outcome: FeedbackOutcome | null;
  /** With JavaScript: sending (buttons disabled). */
  busy?: boolean;
  /** With JavaScript, once hydrated: the form answers in place (`data-ready`). */
  ready?: boolean;
  onSubmit?: FormEventHandler<HTMLFormElement>;
}

const button = "btn btn-secondary min-h-10 px-4 text-sm disabled:cursor-wait disabled:opacity-60";

/**
 * "Was this page helpful?": a plain form post to /api/feedback (Yes and No are its two submit
 * buttons, the comment goes with either), which answers with a redirect back here and the
 * outcome in the query. The enhanced form sends the same fields with fetch and stays in place.
 */
export function FeedbackView({ page, outcome, busy = false, ready = false, onSubmit }: FeedbackViewProps) {
  const done = outcome === "thanks";
  return (
    <section
      id={feedbackAnchor}
      aria-labelledby={`${feedbackAnchor}-title`}
      data-page-feedback
      className="border-line bg-surface-muted mt-14 scroll-mt-24 rounded-2xl border px-5 py-5 md:px-6 print:hidden"
    >
      {done ? (
        <>
          <h2 id={`${feedbackAnchor}-title`} className="sr-only">
            {t("feedback.label")}
          </h2>
          <p role="status" className="font-semibold">
            {feedbackMessage("thanks")}
          </p>
        </>
      ) : (
        <form method="post" action={feedbackEndpoint} onSubmit={onSubmit} aria-busy={busy || undefined} data-ready={ready || undefined}>
          <input type="hidden" name="page" value={page} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id={`${feedbackAnchor}-title`} className="text-base font-semibold">
              {t("feedback.question")}
            </h2>
            <div className="flex gap-2">
              <button type="submit" name="helpful" value="yes" className={button} disabled={busy}>
                <ThumbUpIcon /> {t("feedback.yes")}
              </button>
              <button type="submit" name="helpful" value="no" className={button} disabled={busy}>
                <ThumbDownIcon /> {t("feedback.no")}
              </button>
            </div>
          </div>
          <label htmlFor={`${feedbackAnchor}-comment`} className="text-ink-muted mt-4 block text-sm">
            {t("feedback.comment_label")}
          </label>
          <textarea
            id={`${feedbackAnchor}-comment`}
            name="comment"
            rows={2}
            maxLength={maxCommentLength}
            placeholder={t("feedback.comment_placeholder")}
            className="border-line-strong bg-surface focus:border-ink mt-2 block w-full rounded-lg border px-3 py-2 text-base"
          />
          {outcome && (
            <p role="alert" className="mt-3 text-sm font-medium text-[#a31f15]">
              {feedbackMessage(outcome)}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
