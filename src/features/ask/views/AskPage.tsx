import { t } from "../../../i18n";
import type { ShownAnswer } from "../answer-text";
import { AskAnswer } from "./AskAnswer";
import { AskForm } from "./AskForm";

export interface AskPageData {
  q: string;
  /** The question was over the limit: not answered, the page says why. */
  tooLong: boolean;
  maxLength: number;
  answer: ShownAnswer | null;
}

const askHref = (q: string) => `/ask?${new URLSearchParams({ q })}`;
const searchHref = (q: string) => `/search?${new URLSearchParams({ q })}`;

/** Literal keys: the browser build inlines texts whose keys it can see. */
const examples = [t("ask.example_1"), t("ask.example_2"), t("ask.example_3")];

/**
 * `/ask?q=`: the question form and, on the server, the checked extractive answer with its
 * sources, or the refusal with the closest pages. Plain HTML: the form is a GET, the citations
 * are links to the passages.
 */
export function AskPage({ data }: { data: AskPageData }) {
  const { q, answer } = data;
  return (
    <div className="container-page py-12 md:py-16">
      <div className="max-w-3xl">
        <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">{t("ask.title")}</h1>
        <p className="text-ink-muted mt-3 text-lg leading-relaxed">{t("ask.intro")}</p>
        <div className="mt-8">
          <AskForm id="ask-page-q" defaultValue={q} />
        </div>
        {data.tooLong && (
          <p role="alert" className="text-negative mt-3 text-sm">
            {t("ask.too_long", { max: data.maxLength })}
          </p>
        )}

        {answer && (
          <section aria-labelledby="ask-answer-title" className="border-line mt-10 border-t pt-8">
            <p className="text-ink-subtle text-xs font-semibold tracking-wide uppercase">{t("ask.answer_title")}</p>
            <h2 id="ask-answer-title" className="mt-1 text-2xl font-semibold tracking-tight">
              {t("ask.title_for", { q })}
            </h2>
            <div className="mt-5">
              <AskAnswer answer={answer} question={q} headingLevel={2} idPrefix="ask-page" />
            </div>
            {answer.answered && (
              <p className="mt-6 text-sm">
                <a href={searchHref(q)} className="text-accent font-medium underline-offset-4 hover:underline">
                  {t("ask.search_instead", { q })}
                </a>
              </p>
            )}
          </section>
        )}

        {!q && (
          <section aria-labelledby="ask-examples-title" className="mt-10">
            <h2 id="ask-examples-title" className="text-ink-subtle text-xs font-semibold tracking-wide uppercase">
              {t("ask.examples_title")}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {examples.map((example) => (
                <li key={example}>
                  <a
                    href={askHref(example)}
                    className="border-line-strong hover:border-ink inline-flex rounded-full border px-3.5 py-1.5 text-sm font-medium"
                  >
                    {example}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
