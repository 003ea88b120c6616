// The answer's Markdown (answer.ts: `> sentence [n]` lines, or written sentences ending in
// `[n]`) as sentences with their citation number, so the browser shows them as text with a
// link to the passage and never renders the Markdown as HTML.
import type { Answer, Citation } from "./answer";

export interface AnswerSentence {
  text: string;
  /** The citation it rests on, from 1. */
  citation: number;
}

/** What an answer view shows: the sentences, the citations, and whether the docs answered. */
export interface ShownAnswer {
  answered: boolean;
  sentences: AnswerSentence[];
  citations: Citation[];
}

const unescapeMarkdown = (text: string) => text.replace(/\\([\\`*_[\]<>#|])/g, "$1");

/** One sentence's Markdown (a `sentence` event's, or a line of the whole answer). */
export function sentenceOf(markdown: string): AnswerSentence | null {
  const quoted = markdown.startsWith("> ");
  const match = /^(?:> )?([\s\S]*?)\s*\[(\d+)\]\s*$/.exec(markdown.trim());
  if (!match) return null;
  return { text: quoted ? unescapeMarkdown(match[1]!) : match[1]!, citation: Number(match[2]) };
}

/** The whole answer's sentences. */
function sentencesOf(markdown: string): AnswerSentence[] {
  const pieces = markdown.startsWith("> ") ? markdown.split(/\n>\n/) : (markdown.match(/[\s\S]+?\[\d+\](?=\s|$)/g) ?? []);
  return pieces.map((piece) => sentenceOf(piece.trim())).filter((s): s is AnswerSentence => s !== null);
}

export const shownAnswer = (answer: Answer): ShownAnswer => ({
  answered: answer.answered,
  sentences: answer.answered ? sentencesOf(answer.answer) : [],
  citations: answer.citations,
});
