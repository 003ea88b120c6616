import type { MouseEvent } from "react";
import { t } from "../../../i18n";
import { ArrowRightIcon } from "../../../ui/icons";
import type { ShownAnswer } from "../answer-text";

export interface AskAnswerProps {
  answer: ShownAnswer;
  /** The question, for the refusal's link to the search page. */
  question: string;
  /** Headings inside the answer: h2 on the page, h3 in the dialog (under the question). */
  headingLevel: 2 | 3;
  /** Ids unique on the page. */
  idPrefix: string;
  /** A link to a passage chosen (the dialog closes, so the browser can show the passage). */
  onFollow?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

const searchHref = (q: string) => `/search?${new URLSearchParams({ q })}`;

/** `/docs/gpu-clusters/infiniband#expected-bandwidth` → `docs › gpu-clusters › infiniband`: where the link goes. */
const crumbsOf = (url: string) => (url.split("#")[0] ?? url).split("/").filter(Boolean).join(" › ");

/**
 * An answer as the page and the dialog show it: the sentences, each with a numbered link to the
 * passage it rests on, then the sources with their quotes; or, when the docs do not answer, an
 * honest refusal with the closest pages. Text only: the answer's Markdown is never HTML here.
 */
export function AskAnswer({ answer, question, headingLevel, idPrefix, onFollow }: AskAnswerProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (!answer.answered) {
    return (
      <div className="border-line rounded-xl border border-dashed p-5 md:p-6" data-ask-outcome="refused">
        <Heading className="text-lg font-semibold tracking-tight">{t("ask.refused_title")}</Heading>
        <p className="text-ink-muted mt-1.5 text-sm leading-relaxed">
          {answer.citations.length ? t("ask.refused_text") : t("ask.refused_none")}
        </p>
        {answer.citations.length > 0 && (
          <ul className="mt-4 space-y-2">
            {answer.citations.map((citation) => (
              <li key={citation.url}>
                <a
                  href={citation.url}
                  onClick={onFollow}
                  className="group hover:text-accent inline-flex items-center gap-2 text-sm font-semibold"
                >
                  <ArrowRightIcon className="text-accent h-4 w-4 shrink-0" />
                  {citation.title}
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-sm">
          <a href={searchHref(question)} className="text-accent font-medium underline-offset-4 hover:underline">
            {t("ask.search_instead", { q: question })}
          </a>
        </p>
      </div>
    );
  }
  const sourcesId = `${idPrefix}-sources`;
  return (
    <div data-ask-outcome="answered">
      <div className="space-y-3">
        {answer.sentences.map((sentence, index) => {
          const citation = answer.citations[sentence.citation - 1];
          return (
            <p key={`${index}-${sentence.citation}`} className="border-accent border-l-2 pl-4 leading-relaxed">
              {sentence.text}
              {citation && (
                <a
                  href={citation.url}
                  onClick={onFollow}
                  aria-label={t("ask.source_link", { n: sentence.citation, title: citation.title })}
                  className="bg-accent-soft text-accent hover:bg-accent ml-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded px-1 align-[0.1em] text-xs font-semibold no-underline hover:text-white"
                >
                  {sentence.citation}
                </a>
              )}
            </p>
          );
        })}
      </div>
      <p className="text-ink-subtle mt-3 text-xs">{t("ask.checked_note")}</p>
      {answer.citations.length > 0 && (
        <>
          <Heading id={sourcesId} className="text-ink-subtle mt-5 text-xs font-semibold tracking-wide uppercase">
            {t("ask.sources_title")}
          </Heading>
          <ol aria-labelledby={sourcesId} className="mt-2 grid gap-2">
            {answer.citations.map((citation, index) => (
              <li key={citation.url}>
                <a
                  href={citation.url}
                  onClick={onFollow}
                  className="border-line hover:border-accent group flex items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors"
                >
                  <span
                    aria-hidden="true"
                    className="bg-accent-soft text-accent mt-0.5 inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded px-1 text-xs font-semibold"
                  >
                    {index + 1}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="group-hover:text-accent block text-sm font-semibold">{citation.title}</span>
                    {citation.quote && (
                      <span className="text-ink-muted mt-0.5 line-clamp-2 block text-sm leading-relaxed">“{citation.quote}”</span>
                    )}
                    <span className="text-ink-subtle mt-1 block truncate text-xs">{crumbsOf(citation.url)}</span>
                  </span>
                </a>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
