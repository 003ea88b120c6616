// Answers kept in KV per normalised question, content generation and way of writing (the model
// named, or extractive): the same question asked again is one KV read, not a model call. Only
// published content: a preview never reads or writes here. A question that looks like it holds
// personal data or a secret is never cached, and no question is ever a key in clear (its hash is).
import { analyticsQuery } from "../search";
import type { Answer, Citation } from "./answer";
import { passageGeneration } from "./passage-index.server";

/** One `event: sentence` of the stream, kept so that a cached answer streams like a fresh one. */
export interface SentenceEvent {
  markdown: string;
  citation: number;
  source?: Citation;
}

export interface CachedAnswer {
  sentences: SentenceEvent[];
  answer: Answer;
}

const version = 1;
const ttlSeconds = 86_400;

/** Lower case, white space collapsed, punctuation trimmed at both ends: "How do I…?" is "how do i…". */
export const normalizedQuestion = (question: string): string =>
  question
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, "");

/** Whether a question may be cached at all: not when it holds an e-mail address, a long number or a key-like word. */
export const cacheableQuestion = (question: string): boolean => analyticsQuery(question) !== null;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The KV key: version, the generation of the passages' collections, the way of writing, the question's hash. */
export async function answerCacheKey(kv: KVNamespace, question: string, source: string): Promise<string> {
  return `ask:answer:${version}:${await passageGeneration(kv)}:${source}:${await sha256(normalizedQuestion(question))}`;
}

export async function readCachedAnswer(kv: KVNamespace, key: string): Promise<CachedAnswer | null> {
  const stored = await kv.get<CachedAnswer>(key, "json").catch(() => null);
  return stored && Array.isArray(stored.sentences) && stored.answer ? stored : null;
}

export async function writeCachedAnswer(kv: KVNamespace, key: string, value: CachedAnswer): Promise<void> {
  await kv.put(key, JSON.stringify(value), { expirationTtl: ttlSeconds });
}
