import { type FormEvent, type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { t } from "../../../i18n";
import { plural } from "../../../i18n/plural";
import { ThumbDownIcon, ThumbUpIcon } from "../../../ui/icons";
import { type ShownAnswer, shownAnswer } from "../answer-text";
import { maxQuestionChars } from "../operation";
import { AskAnswer } from "./AskAnswer";
import type { AskPanelProps } from "../../search";
import { AskRefused, sendVote, streamAnswer, type Turn } from "./ask-stream";

interface ShownTurn {
  id: number;
  question: string;
  status: "asking" | "done" | "failed";
  answer: ShownAnswer;
  /** The answer's Markdown, sent back as `history` with a follow-up. */
  answerText: string;
  error?: string;
  vote?: boolean;
}

/** Literal keys: the browser build inlines texts whose keys it can see. */
const examples = [t("ask.example_1"), t("ask.example_2"), t("ask.example_3")];
const askPageHref = (q: string) => `/ask?${new URLSearchParams({ q })}`;

const ChatIcon = ({ className }: { className: string }) => (
  <svg
    viewBox="0 0 24 24"
    className={className}
    fill="none"
    stroke="currentColor"
    strokeWidth={1.75}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M4 5h16v11H9l-5 4V5Z" />
    <path d="M9 9.5h6M9 12.5h4" />
  </svg>
);

/**
 * The search dialog's Ask mode (a chunk loaded when first chosen): a question, the answer
 * streamed from POST /api/ask sentence by sentence with links to the passages, a vote, and
 * follow-ups that send the conversation so far. The conversation is a polite live region,
 * busy while an answer streams, so a screen reader reads each answer once, whole.
 */
export function AskPanel({ initialQuestion, askAtOnce, closeButton, modeSwitch, onFollow }: AskPanelProps) {
  const [turns, setTurns] = useState<ShownTurn[]>([]);
  const [value, setValue] = useState(askAtOnce ? "" : initialQuestion);
  const turnsRef = useRef(turns);
  turnsRef.current = turns;
  const controller = useRef<AbortController | null>(null);
  const nextId = useRef(1);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  const update = useCallback((id: number, change: (turn: ShownTurn) => ShownTurn) => {
    setTurns((all) => all.map((turn) => (turn.id === id ? change(turn) : turn)));
  }, []);

  const ask = useCallback(
    (raw: string) => {
      const question = raw.replace(/\s+/g, " ").trim().slice(0, maxQuestionChars);
      if (!question) return;
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const history: Turn[] = turnsRef.current
        .filter((turn) => turn.status === "done")
        .map((turn) => ({ question: turn.question, answer: turn.answerText }));
      const id = nextId.current++;
      setTurns((all) => [
        ...all.map((turn) => (turn.status === "asking" ? { ...turn, status: "failed" as const, error: t("ask.error") } : turn)),
        { id, question, status: "asking", answer: { answered: true, sentences: [], citations: [] }, answerText: "" },
      ]);
      setValue("");
      streamAnswer(question, history, {
        signal: abort.signal,
        onSentence: (sentence, source) =>
          update(id, (turn) => ({
            ...turn,
            answer: {
              ...turn.answer,
              sentences: [...turn.answer.sentences, sentence],
              citations: source ? [...turn.answer.citations, source] : turn.answer.citations,
            },
          })),
      })
        .then((answer) => update(id, (turn) => ({ ...turn, status: "done", answer: shownAnswer(answer), answerText: answer.answer })))
        .catch((error: unknown) => {
          if (abort.signal.aborted) return;
          update(id, (turn) => ({
            ...turn,
            status: "failed",
            error: error instanceof AskRefused && error.message ? error.message : t("ask.error"),
          }));
        });
    },
    [update],
  );

  // Opened with a question (from a docs page's form): asked at once. Closing drops the request.
  const started = useRef(false);
  useEffect(() => {
    inputRef.current?.focus();
    if (!started.current && askAtOnce) ask(initialQuestion);
    started.current = true;
    return () => controller.current?.abort();
  }, [ask, askAtOnce, initialQuestion]);

  // A new question: its turn comes into view (the answer then streams below it).
  const lastId = turns[turns.length - 1]?.id;
  useEffect(() => {
    if (lastId === undefined) return;
    logRef.current?.querySelector(`[data-turn="${lastId}"]`)?.scrollIntoView({ block: "nearest" });
  }, [lastId]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    ask(value);
  };
  const vote = (turn: ShownTurn, helpful: boolean) => {
    if (turn.vote !== undefined) return;
    sendVote(turn.question, helpful);
    update(turn.id, (each) => ({ ...each, vote: helpful }));
  };
  const startOver = () => {
    controller.current?.abort();
    setTurns([]);
    inputRef.current?.focus();
  };

  const asking = turns.some((turn) => turn.status === "asking");
  const last = turns[turns.length - 1];
  const announcement = last?.status === "done" && last.answer.answered ? plural("ask.answered", last.answer.citations.length) : "";

  return (
    <>
      <form onSubmit={onSubmit} className="border-line flex items-center gap-3 border-b px-4">
        <ChatIcon className="text-accent h-5 w-5 shrink-0" />
        <label htmlFor="ask-dialog-q" className="sr-only">
          {t("ask.label")}
        </label>
        <input
          ref={inputRef}
          id="ask-dialog-q"
          type="text"
          autoComplete="off"
          enterKeyHint="send"
          maxLength={maxQuestionChars}
          placeholder={turns.length ? t("ask.placeholder_follow_up") : t("ask.placeholder")}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className="placeholder:text-ink-subtle h-14 min-w-0 flex-1 bg-transparent text-base outline-none focus-visible:outline-none"
        />
        <button
          type="submit"
          disabled={!value.trim()}
          className="bg-accent hover:bg-accent-hover disabled:bg-surface-sunken disabled:text-ink-subtle h-9 shrink-0 rounded-md px-3.5 text-sm font-semibold text-white transition-colors"
        >
          {t("ask.submit")}
        </button>
        {closeButton}
      </form>
      {modeSwitch}
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        <div ref={logRef} role="log" aria-live="polite" aria-busy={asking} aria-label={t("ask.title")} className="space-y-8 px-4 py-5">
          {turns.length === 0 && (
            <div>
              <p className="text-ink-muted text-sm leading-relaxed">{t("ask.intro")}</p>
              <p className="text-ink-subtle mt-4 text-xs font-semibold tracking-wide uppercase">{t("ask.examples_title")}</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {examples.map((example) => (
                  <li key={example}>
                    <button
                      type="button"
                      onClick={() => ask(example)}
                      className="border-line-strong hover:border-ink rounded-full border px-3 py-1 text-left text-sm font-medium"
                    >
                      {example}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {turns.map((turn) => (
            <article key={turn.id} data-turn={turn.id} aria-labelledby={`ask-turn-${turn.id}`} className="scroll-mt-4">
              <h2 id={`ask-turn-${turn.id}`} className="text-ink text-base font-semibold">
                {turn.question}
              </h2>
              <div className="mt-3">
                {turn.status === "failed" ? (
                  <p className="text-negative text-sm">{turn.error}</p>
                ) : turn.status === "asking" && turn.answer.sentences.length === 0 ? (
                  <p className="text-ink-muted flex items-center gap-2 text-sm">
                    <span aria-hidden="true" className="bg-accent h-2 w-2 rounded-full motion-safe:animate-pulse" />
                    {t("ask.asking")}
                  </p>
                ) : (
                  <AskAnswer
                    answer={turn.answer}
                    question={turn.question}
                    headingLevel={3}
                    idPrefix={`ask-turn-${turn.id}`}
                    onFollow={onFollow}
                  />
                )}
              </div>
              {turn.status === "done" && (
                <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
                  <span className="text-ink-muted">{t("ask.helpful")}</span>
                  {[true, false].map((helpful) => (
                    <button
                      key={String(helpful)}
                      type="button"
                      aria-label={helpful ? t("ask.vote_yes") : t("ask.vote_no")}
                      aria-pressed={turn.vote === helpful}
                      onClick={() => vote(turn, helpful)}
                      className={`border-line-strong inline-flex h-8 w-8 items-center justify-center rounded-md border transition-colors ${
                        turn.vote === helpful ? "bg-ink border-ink text-white" : "text-ink-muted hover:border-ink hover:text-ink"
                      }`}
                    >
                      {helpful ? <ThumbUpIcon /> : <ThumbDownIcon />}
                    </button>
                  ))}
                  {turn.vote !== undefined && <span className="text-ink-muted">{t("ask.vote_thanks")}</span>}
                </div>
              )}
            </article>
          ))}
        </div>
      </div>
      {turns.length > 0 && (
        <div className="border-line text-ink-muted flex items-center justify-between gap-4 border-t px-4 py-2.5 text-sm">
          <button type="button" onClick={startOver} className="hover:text-ink font-medium">
            {t("ask.new_conversation")}
          </button>
          {last && (
            <a href={askPageHref(last.question)} onClick={onFollow} className="text-accent truncate font-medium hover:underline">
              {t("ask.open_page")}
            </a>
          )}
        </div>
      )}
      <p role="status" className="sr-only">
        {asking ? t("ask.asking") : announcement}
      </p>
    </>
  );
}
