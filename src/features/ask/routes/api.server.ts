import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../../../env";
import { errorFields, logLine } from "../../../lib/log";
import { consentCookieName, parseConsent } from "../../../lib/consent";
import { rateLimit } from "../../../middleware/rate-limit";
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
  type AiBinding,
  answerLines,
  defaultAskModel,
  modelAnswerLines,
  modelAnswerText,
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

/** The bindings this feature reads: optional, so the dev loop and CI run without Workers AI. */
interface AskBindings {
  AI?: AiBinding;
  ASK_MODEL?: string;
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

async function answerAsJson(c: Context<AppEnv>, question: string, history: Turn[], retrieval: Retrieval): Promise<Answer> {
  const passages = retrieval.results.map((r) => r.passage);
  const siteOrigin = siteOriginOf(c);
  const { AI: ai, ASK_MODEL: model } = c.env as unknown as AskBindings;
  if (!retrieval.confident) return refusal(retrieval);
  if (ai) {
    try {
      const text = await modelAnswerText(ai, model || defaultAskModel, promptMessages(question, passages, history));
      const kept = checked(answerLines(text).map(parseSentence), passages, siteOrigin);
      return kept.length ? composeAnswer(kept, passages, { quoted: false }) : refusal(retrieval);
    } catch (error) {
      logLine("warn", "ask_model_failed", errorFields(error));
    }
  }
  const kept = checked(extractiveSentences(retrieval), passages, siteOrigin);
  return kept.length ? composeAnswer(kept, passages, { quoted: true }) : refusal(retrieval);
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
function answerAsStream(c: Context<AppEnv>, question: string, history: Turn[], retrieval: Retrieval): Response {
  const passages = retrieval.results.map((r) => r.passage);
  const siteOrigin = siteOriginOf(c);
  const { AI: ai, ASK_MODEL: model } = c.env as unknown as AskBindings;
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
      await writer.write(
        event("sentence", { markdown: sentenceMarkdown(sentence, n, quoted), citation: n, ...(citation ? { source: citation } : {}) }),
      );
    };
    try {
      let modelFailed = !ai;
      if (retrieval.confident && ai) {
        quoted = false;
        try {
          for await (const line of modelAnswerLines(ai, model || defaultAskModel, promptMessages(question, passages, history))) {
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

/**
 * POST /api/ask — a question about the docs, answered in a few sentences, each citing the
 * passage it comes from: `{"question": "…", "history": [{"question", "answer"}]}` (history
 * optional, at most six turns) → `{answered, answer (Markdown), citations: [{url, title, quote}]}`.
 * With the `AI` binding a Workers AI model writes the sentences; without it (or when it fails)
 * they are the passages' own sentences, quoted. Either way each sentence is checked before it
 * is shown. `Accept: text/event-stream` streams checked sentences as they pass.
 */
export const askRoutes = new Hono<AppEnv>()
  .use(
    rateLimit({
      route: "ask",
      limit: 20,
      windowMs: 60_000,
      message: "Too many questions in a minute. Wait a little, then ask again.",
    }),
  )
  .post("/", async (c) => {
    c.header("Cache-Control", "no-store");
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/json\s*(;|$)/i.test(type))
      return c.json(problem("Send the question as JSON (Content-Type: application/json)."), 415);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json(problem("The request body is not valid JSON."), 400);
    }
    const input = readInput(body);
    if (typeof input === "string") return c.json(problem(input), 400);

    let retrieval: Retrieval;
    try {
      const index = await passageIndex(c.env.CONTENT_CACHE, c.get("content"), { preview: c.get("preview") });
      retrieval = retrieveWithHistory(index, input.question, input.history);
    } catch (error) {
      logLine("error", "ask_index_failed", errorFields(error));
      return c.json(problem("The documentation cannot be read right now. Ask again in a minute."), 503);
    }
    if ((c.req.header("accept") ?? "").includes("text/event-stream")) return answerAsStream(c, input.question, input.history, retrieval);
    const answer = await answerAsJson(c, input.question, input.history, retrieval);
    recordQuestion(c, input.question, answer);
    return c.json(answer);
  })
  .all("/", (c) => {
    c.header("Allow", "POST");
    return c.json(problem("Ask with POST."), 405);
  });
