// Answers in a few sentences, every one cited: the extractive answer (the passages' own
// sentences, quoted) and the checks a model's sentence must pass before anyone sees it. The
// same checks run on both, so a quote is always in the passage it cites.
import type { Passage } from "./passages";
import type { Retrieval } from "./retrieval";
import { terms } from "./text";

export interface Citation {
  url: string;
  title: string;
  /** Words of the passage, verbatim: what the sentence rests on. */
  quote: string;
}

export interface Answer {
  answered: boolean;
  /** Markdown. */
  answer: string;
  citations: Citation[];
}

/** A sentence as it is shown, with the passage it cites (1-based, in the order given) and its quote. */
export interface CitedSentence {
  text: string;
  passage: number;
  quote: string;
}

/** Most sentences an answer holds. */
export const maxSentences = 3;
const maxSentenceChars = 400;

export const normalizeSpace = (text: string): string => text.replace(/\s+/g, " ").trim();

/** A passage's sentences (a table flattened into text is one long "sentence": left out by the length cap). */
function sentencesOf(text: string): string[] {
  return normalizeSpace(text)
    .split(/(?<=[.!?])\s+(?=["'(`]?[\p{Lu}\p{N}])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 20 && sentence.length <= maxSentenceChars);
}

const markdownLink = /\[([^\]]*)\]\(([^)\s]*)[^)]*\)/g;
const bareUrl = /\b(?:https?:)?\/\/[^\s)<>\]]+/gi;
const schemeUrl = /\b[a-z][a-z0-9+.-]*:[^\s)<>\]]+/gi;

/** Whether every link of a sentence stays on this site: a relative path or SITE_URL's origin. */
function linksStayOnSite(sentence: string, siteOrigin: string): boolean {
  const targets = [...sentence.matchAll(markdownLink)].map((m) => m[2]!);
  const rest = sentence.replace(markdownLink, "$1");
  targets.push(...(rest.match(bareUrl) ?? []));
  // A scheme other than http(s) (javascript:, data:, mailto:) in running text is a link too.
  for (const candidate of rest.match(schemeUrl) ?? []) if (!/^https?:/i.test(candidate)) targets.push(candidate);
  return targets.every((target) => {
    if (target.startsWith("/") && !target.startsWith("//")) return true;
    if (target.startsWith("#")) return true;
    try {
      return new URL(target, "http://relative.invalid").origin === siteOrigin;
    } catch {
      return false;
    }
  });
}

/**
 * Why a sentence the model wrote cannot be shown, or null when it may: it must cite one of the
 * passages it was given, quote that passage verbatim (after whitespace normalisation), say no
 * number the passage lacks, mostly use the passage's words, link only to this site and carry no
 * HTML. A hostile passage's instructions cannot pass: whatever they make the model say must
 * still be a quote of a passage, and a link elsewhere fails anyway.
 */
export function sentenceProblem(sentence: CitedSentence, passages: readonly Passage[], siteOrigin: string): string | null {
  const passage = passages[sentence.passage - 1];
  if (!passage) return "cites no passage it was given";
  const quote = normalizeSpace(sentence.quote);
  if (quote.length < 12) return "no quote";
  if (!normalizeSpace(passage.text).includes(quote)) return "quote not in the passage";
  const text = normalizeSpace(sentence.text);
  if (!text) return "empty";
  if (/<\/?[a-z!][^>]*>/i.test(text)) return "markup";
  if (!linksStayOnSite(text, siteOrigin)) return "links off the site";
  const source = `${passage.title} ${passage.context} ${passage.text}`;
  const sourceNumbers = new Set(source.match(/\d+(?:[.,]\d+)*/g) ?? []);
  if ((text.replace(markdownLink, "$1").match(/\d+(?:[.,]\d+)*/g) ?? []).some((n) => !sourceNumbers.has(n))) {
    return "a number the passage does not hold";
  }
  const sourceTerms = new Set(terms(source));
  const sentenceTerms = [...new Set(terms(text.replace(markdownLink, "$1").replace(bareUrl, " ")))];
  const held = sentenceTerms.filter((t) => sourceTerms.has(t)).length;
  if (sentenceTerms.length > 0 && held / sentenceTerms.length < 0.6) return "says more than the passage";
  return null;
}

/** The sentences that pass the checks, at most `maxSentences`. */
export function checkedSentences(
  sentences: Iterable<CitedSentence | null>,
  passages: readonly Passage[],
  siteOrigin: string,
): CitedSentence[] {
  const kept: CitedSentence[] = [];
  for (const sentence of sentences) {
    if (kept.length >= maxSentences) break;
    if (sentence && !sentenceProblem(sentence, passages, siteOrigin)) kept.push(sentence);
  }
  return kept;
}

/** The answer's Markdown and citations from checked sentences (citations numbered in order of first use). */
export function composeAnswer(sentences: readonly CitedSentence[], passages: readonly Passage[], { quoted }: { quoted: boolean }): Answer {
  const citations: Citation[] = [];
  const numberOf = new Map<number, number>();
  const lines: string[] = [];
  for (const sentence of sentences) {
    const passage = passages[sentence.passage - 1]!;
    let n = numberOf.get(sentence.passage);
    if (n === undefined) {
      n = citations.length + 1;
      numberOf.set(sentence.passage, n);
      citations.push({ url: passage.id, title: citationTitle(passage), quote: normalizeSpace(sentence.quote) });
    }
    lines.push(sentenceMarkdown(sentence, n, quoted));
  }
  return { answered: lines.length > 0, answer: lines.join(quoted ? "\n>\n" : " "), citations };
}

/** One sentence as Markdown: an extractive one as a blockquote line (it is the docs' text), a written one as prose. */
export const sentenceMarkdown = (sentence: CitedSentence, n: number, quoted: boolean): string =>
  quoted ? `> ${escapeMarkdown(normalizeSpace(sentence.text))} [${n}]` : `${normalizeSpace(sentence.text)} [${n}]`;

/** The passages' text is shown as text: characters Markdown or HTML would act on are escaped. */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]<>#|]/g, (ch) => `\\${ch}`);

export const citationTitle = (passage: Passage): string =>
  passage.context && passage.context !== passage.title ? `${passage.context} › ${passage.title}` : passage.title;

/** No answer: the closest pages, so the reader has somewhere to look. */
export function refusal(retrieval: Retrieval): Answer {
  const seenPages = new Set<string>();
  const citations: Citation[] = [];
  for (const { passage } of retrieval.results) {
    const page = passage.id.split("#")[0]!;
    if (seenPages.has(page) || citations.length >= 3) continue;
    seenPages.add(page);
    citations.push({ url: passage.id, title: citationTitle(passage), quote: "" });
  }
  return {
    answered: false,
    answer: "The documentation does not answer this question. These pages are the closest to it.",
    citations,
  };
}

/**
 * The extractive answer: from the best passages (those scoring at least half the best's), the
 * sentences holding most of the question's weight, at most three, best passage first.
 */
export function extractiveSentences(retrieval: Retrieval): CitedSentence[] {
  if (!retrieval.confident) return [];
  const best = retrieval.results[0]!.score;
  const concepts = retrieval.analysis.concepts;
  const candidates: { sentence: CitedSentence; score: number; order: number }[] = [];
  retrieval.results.forEach((result, i) => {
    if (i >= 3 || result.score < best * 0.5) return;
    sentencesOf(result.passage.text).forEach((text, j) => {
      const held = new Set(terms(`${result.passage.title} ${text}`));
      let score = 0;
      for (const concept of concepts) {
        if (held.has(concept.term)) score += concept.weight;
        else if (concept.synonyms.some((s) => held.has(s))) score += concept.weight * 0.7;
      }
      // The passage's rank counts: its sentences come before a weaker passage's.
      if (score > 0)
        candidates.push({ sentence: { text, passage: i + 1, quote: text }, score: score / (1 + i * 0.5), order: i * 1000 + j });
    });
  });
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);
  const chosen = candidates.slice(0, maxSentences);
  // Shown in reading order: by passage, then as the passage has them.
  return chosen.sort((a, b) => a.order - b.order).map((c) => c.sentence);
}

/** The whole extractive answer, or a refusal when retrieval is not confident. */
export function extractiveAnswer(retrieval: Retrieval): Answer {
  const sentences = extractiveSentences(retrieval);
  if (sentences.length === 0) return refusal(retrieval);
  return composeAnswer(
    sentences,
    retrieval.results.map((r) => r.passage),
    { quoted: true },
  );
}
