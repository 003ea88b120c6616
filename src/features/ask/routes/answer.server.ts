import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../../../env";
import { errorFields, logLine } from "../../../lib/log";
import { consentCookieName, parseConsent } from "../../../lib/consent";
import { writeAskPoint } from "../../search/index.server";
import {
  type Answer,
  type CitedSentence,
  type Citation,
  checkedSentences,
  citationTitle,
  composeAnswer,
  extractiveSentences,
  maxSentences,
  normalizeSpace,
  refusal,
  sentenceMarkdown,
  sentenceProblem,
} from "../answer";
import {
  answerCacheKey,
  type CachedAnswer,
  cacheableQuestion,
  readCachedAnswer,
  type SentenceEvent,
  writeCachedAnswer,
} from "../answer-cache.server";
import { totalBudgetRefusal } from "../limits.server";
import {
  type AiBinding,
  answerLines,
  defaultAskModel,
  type ModelCall,
  modelAnswerLines,
  modelAnswerText,
  modelBudget,
  parseSentence,
  promptMessages,
} from "../model.server";
import { passageIndex } from "../passage-index.server";
import type { Passage } from "../passages";
import { cleanQuestion, maxQuestionChars } from "../operation";
import { type Retrieval, retrieve } from "../retrieval";

const maxHistoryTurns = 6;
const maxAnswerChars = 4_000;

interface Turn {
  question: string;
  answer: string;
}

/** The bindings and vars this feature reads: optional, so the dev loop and CI run without Workers AI. */
interface AskBindings {
  AI?: AiBinding;
  ASK_MODEL?: string;
  AI_GATEWAY_ID?: string;
  ASK_MAX_TOKENS?: string;
  ASK_PASSAGE_CHARS?: string;
  ASK_MODEL_TIMEOUT_MS?: string;
}

/** The model and how it is called, or null without the `AI` binding (the extractive path). */
function modelOf(c: Context<AppEnv>): { ai: AiBinding; call: ModelCall } | null {
  const env = c.env as unknown as AskBindings;
  if (!env.AI) return null;
  return {
    ai: env.AI,
    call: {
      model: env.ASK_MODEL || defaultAskModel,
      budget: modelBudget(env),
      ...(env.AI_GATEWAY_ID ? { gatewayId: env.AI_GATEWAY_ID } : {}),
    },
  };
}

/** The stream's sentence events for checked sentences, numbered like `composeAnswer`'s citations. */
function sentenceEvents(sentences: readonly CitedSentence[], passages: readonly Passage[], quoted: boolean): SentenceEvent[] {
  const numbers = new Map<number, number>();
  return sentences.map((sentence) => {
    let n = numbers.get(sentence.passage);
    let source: Citation | undefined;
    if (n === undefined) {
      const passage = passages[sentence.passage - 1]!;
      n = numbers.size + 1;
      numbers.set(sentence.passage, n);
      source = { url: passage.id, title: citationTitle(passage), quote: normalizeSpace(sentence.quote) };
    }
    return { markdown: sentenceMarkdown(sentence, n, quoted), citation: n, ...(source ? { source } : {}) };
  });
}

/** An answer with its sentence events, and whether it was written the way the request meant (not a fallback). */
interface Outcome {
  result: CachedAnswer;
  asMeant: boolean;
}

const problem = (message: string) => ({ error: message });

/** The request's question and history, or the message saying what is wrong with them. */
function readInput(body: unknown): { question: string; history: Turn[] } | string {
  if (!body || typeof body !== "object" || Array.isArray(body)) return 'Send a JSON object: {"question": "…"}.';
  const { question, history } = body as { question?: unknown; history?: unknown };
  if (typeof question !== "string") return '"question" must be a string.';
  const trimmed = cleanQuestion(question);
  if (!trimmed) return 'Ask a question: "question" is empty.';
  if (question.length > maxQuestionChars) return `The question is longer than ${maxQuestionChars} characters; shorten it.`;
  if (history === undefined || history === null) return { question: trimmed, history: [] };
  if (!Array.isArray(history)) return '"history" must be a list of {"question", "answer"}.';
  if (history.length > maxHistoryTurns) return `"history" holds at most ${maxHistoryTurns} earlier questions.`;
  const turns: Turn[] = [];
  for (const turn of history) {
    const t = turn as { question?: unknown; answer?: unknown } | null;
    if (!t || typeof t !== "object" || typeof t.question !== "string" || typeof t.answer !== "string") {
      return 'Each item of "history" must be {"question": string, "answer": string}.';
    }
    if (t.question.length > maxQuestionChars || t.answer.length > maxAnswerChars) {
      return `An item of "history" is too long (question ${maxQuestionChars}, answer ${maxAnswerChars} characters at most).`;
    }
    turns.push({ question: t.question, answer: t.answer });
  }
  return { question: trimmed, history: turns };
}

/** A follow-up ("and in v1?") that finds nothing alone is asked again with the previous question. */
function retrieveWithHistory(index: Awaited<ReturnType<typeof passageIndex>>, question: string, history: readonly Turn[]): Retrieval {
  const alone = retrieve(index, question);
  const previous = history[history.length - 1];
  if (alone.confident || !previous) return alone;
  const joined = retrieve(index, `${previous.question} ${question}`);
  return joined.confident ? joined : alone;
}

const checked = checkedSentences;

const siteOriginOf = (c: Context<AppEnv>) => {
  try {
    return new URL(c.env.SITE_URL).origin;
  } catch {
    return new URL(c.req.url).origin;
  }
};

async function answerAsJson(c: Context<AppEnv>, question: string, history: Turn[], retrieval: Retrieval): Promise<Outcome> {
  const passages = retrieval.results.map((r) => r.passage);
  const siteOrigin = siteOriginOf(c);
  const model = modelOf(c);
  const refused = (): CachedAnswer => ({ sentences: [], answer: refusal(retrieval) });
  if (!retrieval.confident) return { result: refused(), asMeant: true };
  if (model) {
    try {
      const messages = promptMessages(question, passages, history, model.call.budget.passageChars);
      const text = await modelAnswerText(model.ai, model.call, messages);
      const kept = checked(answerLines(text).map(parseSentence), passages, siteOrigin);
      const result = kept.length
        ? { sentences: sentenceEvents(kept, passages, false), answer: composeAnswer(kept, passages, { quoted: false }) }
        : refused();
      return { result, asMeant: true };
    } catch (error) {
      logLine("warn", "ask_model_failed", errorFields(error));
    }
  }
  const kept = checked(extractiveSentences(retrieval), passages, siteOrigin);
  const result = kept.length
    ? { sentences: sentenceEvents(kept, passages, true), answer: composeAnswer(kept, passages, { quoted: true }) }
    : refused();
  return { result, asMeant: !model };
}

/**
 * A question and its outcome go to the search analytics with the page-view rule: only with the
 * visitor's analytics consent, never from an editor's preview (decision 025).
 */
function recordQuestion(c: Context<AppEnv>, question: string, answer: Answer): void {
  if (c.get("preview") || parseConsent(getCookie(c, consentCookieName)) !== "all") return;
  writeAskPoint(c.env, { question, answered: answer.answered, citations: answer.citations.length, source: "dialog" });
}

const encoder = new TextEncoder();
const event = (name: string, data: unknown) => encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

/** The answer as server-sent events: `sentence` for each sentence once it passed the checks, then `done`. */
function answerAsStream(
  c: Context<AppEnv>,
  question: string,
  history: Turn[],
  retrieval: Retrieval,
  store: (outcome: Outcome) => void,
): Response {
  const passages = retrieval.results.map((r) => r.passage);
  const siteOrigin = siteOriginOf(c);
  const model = modelOf(c);
  // Enqueued without waiting for the reader: a checked sentence goes out as soon as it passed.
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const readable = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const writer = {
    write: async (chunk: Uint8Array) => controller.enqueue(chunk),
    close: async () => controller.close(),
  };
  const run = async () => {
    const kept: CitedSentence[] = [];
    let quoted = true;
    const citationNumbers = new Map<number, number>();
    const citations: Citation[] = [];
    const sent: SentenceEvent[] = [];
    const emit = async (sentence: CitedSentence) => {
      kept.push(sentence);
      let n = citationNumbers.get(sentence.passage);
      let citation: Citation | undefined;
      if (n === undefined) {
        const passage = passages[sentence.passage - 1]!;
        n = citations.length + 1;
        citationNumbers.set(sentence.passage, n);
        citation = { url: passage.id, title: citationTitle(passage), quote: normalizeSpace(sentence.quote) };
        citations.push(citation);
      }
      const data: SentenceEvent = {
        markdown: sentenceMarkdown(sentence, n, quoted),
        citation: n,
        ...(citation ? { source: citation } : {}),
      };
      sent.push(data);
      await writer.write(event("sentence", data));
    };
    try {
      let modelFailed = !model;
      if (retrieval.confident && model) {
        quoted = false;
        try {
          const messages = promptMessages(question, passages, history, model.call.budget.passageChars);
          for await (const line of modelAnswerLines(model.ai, model.call, messages)) {
            if (kept.length >= maxSentences) break;
            const sentence = parseSentence(line);
            if (sentence && !sentenceProblem(sentence, passages, siteOrigin)) await emit(sentence);
          }
        } catch (error) {
          modelFailed = true;
          logLine("warn", "ask_model_failed", errorFields(error));
        }
      }
      // A model that failed before showing anything: the extractive answer instead. One that
      // answered but wrote nothing that passed the checks gets a refusal, as in the JSON answer.
      if (retrieval.confident && kept.length === 0 && modelFailed) {
        quoted = true;
        for (const sentence of checked(extractiveSentences(retrieval), passages, siteOrigin)) await emit(sentence);
      }
      const answer: Answer = kept.length
        ? { answered: true, answer: composeAnswer(kept, passages, { quoted }).answer, citations }
        : refusal(retrieval);
      recordQuestion(c, question, answer);
      await writer.write(event("done", answer));
      store({ result: { sentences: kept.length ? sent : [], answer }, asMeant: !(model && modelFailed && retrieval.confident) });
    } catch (error) {
      logLine("error", "ask_stream_failed", errorFields(error));
      await writer.write(event("error", { error: "The answer could not be completed. Ask again in a moment." })).catch(() => {});
    } finally {
      await writer.close().catch(() => {});
    }
  };
  c.executionCtx.waitUntil(run());
  return new Response(readable, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/** A cached answer as the same events a fresh one streams. */
function cachedStream({ sentences, answer }: CachedAnswer): Response {
  const chunks = [...sentences.map((data) => event("sentence", data)), event("done", answer)];
  const body = new Blob(chunks).stream();
  return new Response(body, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/** POST /api/ask's answer (routes/api.server.ts), past the visitor's limit. */
export async function answerQuestion(c: Context<AppEnv>): Promise<Response> {
  c.header("Cache-Control", "no-store");
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) return c.json(problem("Send the question as JSON (Content-Type: application/json)."), 415);
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return c.json(problem("The request body is not valid JSON."), 400);
  }
  const input = readInput(body);
  if (typeof input === "string") return c.json(problem(input), 400);
  const stream = (c.req.header("accept") ?? "").includes("text/event-stream");

  // A follow-up depends on its history, and a preview on drafts: only a plain question of the
  // published docs is looked up and kept.
  let cacheKey: string | null = null;
  if (!c.get("preview") && input.history.length === 0 && cacheableQuestion(input.question)) {
    const model = modelOf(c);
    try {
      cacheKey = await answerCacheKey(c.env.CONTENT_CACHE, input.question, model ? `model=${model.call.model}` : "extractive");
      const hit = await readCachedAnswer(c.env.CONTENT_CACHE, cacheKey);
      if (hit) {
        recordQuestion(c, input.question, hit.answer);
        return stream ? cachedStream(hit) : c.json(hit.answer);
      }
    } catch (error) {
      logLine("warn", "ask_cache_failed", errorFields(error));
      cacheKey = null;
    }
  }
  const store = ({ result, asMeant }: Outcome) => {
    // A fallback's answer is not what the key names (the model's): the next request tries the model again.
    if (!cacheKey || !asMeant) return;
    c.executionCtx.waitUntil(
      writeCachedAnswer(c.env.CONTENT_CACHE, cacheKey, result).catch((error) => logLine("warn", "ask_cache_failed", errorFields(error))),
    );
  };

  const busy = await totalBudgetRefusal(c);
  if (busy) return busy;

  let retrieval: Retrieval;
  try {
    const index = await passageIndex(c.env.CONTENT_CACHE, c.get("content"), { preview: c.get("preview") });
    retrieval = retrieveWithHistory(index, input.question, input.history);
  } catch (error) {
    logLine("error", "ask_index_failed", errorFields(error));
    return c.json(problem("The documentation cannot be read right now. Ask again in a minute."), 503);
  }
  if (stream) return answerAsStream(c, input.question, input.history, retrieval, store);
  const outcome = await answerAsJson(c, input.question, input.history, retrieval);
  store(outcome);
  recordQuestion(c, input.question, outcome.result.answer);
  return c.json(outcome.result.answer);
}
