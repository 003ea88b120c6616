// The dialog's side of POST /api/ask: the question and the conversation so far, the answer read
// from the event stream (`sentence` as each passes the checks, then `done`), and the votes.
import { consentCookieName, parseConsent } from "../../../lib/consent";
import type { Answer, Citation } from "../answer";
import { type AnswerSentence, sentenceOf } from "../answer-text";

export interface Turn {
  question: string;
  answer: string;
}

/** What the API says when it refuses a question (too long, too many in a minute…). */
export class AskRefused extends Error {}

interface SentenceEvent {
  markdown: string;
  citation: number;
  source?: Citation;
}

/** Reads the answer as it streams; `onSentence` sees each checked sentence with its citation, when new. */
export async function streamAnswer(
  question: string,
  history: readonly Turn[],
  { signal, onSentence }: { signal: AbortSignal; onSentence: (sentence: AnswerSentence, source: Citation | undefined) => void },
): Promise<Answer> {
  const response = await fetch("/api/ask", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify({ question, history: history.slice(-6) }),
    signal,
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new AskRefused(typeof body?.error === "string" ? body.error : `HTTP ${response.status}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      const name = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!name || data === undefined) continue;
      const payload = JSON.parse(data) as unknown;
      if (name === "sentence") {
        const event = payload as SentenceEvent;
        const sentence = sentenceOf(event.markdown);
        if (sentence) onSentence(sentence, event.source);
      } else if (name === "done") {
        return payload as Answer;
      } else if (name === "error") {
        throw new AskRefused((payload as { error?: string }).error ?? "");
      }
    }
  }
  throw new Error("the answer ended early");
}

/** A vote on an answer: to the search analytics with the page-view rule (analytics consent only). */
export function sendVote(question: string, helpful: boolean): void {
  const match = document.cookie.match(new RegExp(`(?:^|; )${consentCookieName}=([^;]*)`));
  if (parseConsent(match?.[1]) !== "all" || !navigator.sendBeacon) return;
  navigator.sendBeacon("/api/collect", JSON.stringify({ type: "ask_vote", source: "dialog", q: question, helpful }));
}
