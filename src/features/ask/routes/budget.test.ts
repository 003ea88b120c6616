// What keeps Ask the docs affordable: limits per visitor and in total, answers cached per
// question and content generation, and the model's budget (tokens, prompt, timeout).
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../app/create-app";
import { bumpGeneration } from "../../../content/generations.server";
import { previewCookieValue } from "../../../middleware/preview";
import { mockDirectus, request, resetContentState, testSecrets } from "../../../../test/worker/helpers";
import { seededAnswers } from "../../../../test/support/ask-seed";
import { answerCacheKey, normalizedQuestion } from "../answer-cache.server";
import { resetAskLimits } from "../limits.server";
import { defaultAskModel, defaultModelBudget, modelAnswerText } from "../model.server";
import { resetPassageIndexMemo } from "../passage-index.server";

beforeEach(async () => {
  await resetContentState();
  resetPassageIndexMemo();
  resetAskLimits();
});
afterEach(() => {
  vi.useRealTimers();
});

interface AskAnswer {
  answered: boolean;
  answer: string;
  citations: { url: string }[];
  error?: string;
}

/** A Rate Limiting binding double: records the keys and answers as told. */
function limiter(answer = true) {
  const keys: string[] = [];
  const binding = {
    limit: async ({ key }: RateLimitOptions) => {
      keys.push(key);
      return { success: answer };
    },
  } as RateLimit;
  return { keys, binding };
}

type Input = { messages: { role: string; content: string }[]; stream?: boolean; max_tokens?: number };

/** A fake Workers AI binding: answers with `text`, or never (`hang`), recording each call. */
function fakeAi(text: string, { hang = false } = {}) {
  const calls: { model: string; input: Input; options?: unknown }[] = [];
  let called!: () => void;
  const firstCall = new Promise<void>((resolve) => {
    called = resolve;
  });
  return {
    calls,
    firstCall,
    run: async (model: string, input: Input, options?: unknown) => {
      calls.push({ model, input, ...(options ? { options } : {}) });
      called();
      if (hang && !input.stream) return new Promise(() => {});
      if (!input.stream) return { response: text };
      const encoder = new TextEncoder();
      // A hanging stream opens and then never writes a word.
      return new ReadableStream<Uint8Array>({
        start(controller) {
          if (hang) return;
          controller.enqueue(encoder.encode(`data: ${JSON.stringify({ response: text })}\n\n`));
          controller.enqueue(encoder.encode("data: [DONE]\n\n"));
          controller.close();
        },
      });
    },
  };
}

const stuck = "why is my cluster stuck provisioning";
const modelText = 'Provisioning a GPU cluster takes 6–12 minutes. [1] "Provisioning takes 6–12 minutes."';

const directus = () =>
  mockDirectus(
    Object.fromEntries(
      Object.entries(seededAnswers()).map(([name, answer]) => [
        name,
        (call: { variables?: Record<string, unknown> }) => answer(call.variables ?? {}),
      ]),
    ),
  );
const app = () => createApp({ pageCache: false, content: { fetch: directus().fetch } });

function ask(
  body: unknown,
  { bindings = {}, headers = {} }: { bindings?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  const allow = limiter().binding;
  return request("/api/ask", {
    app: app(),
    method: "POST",
    headers: { "content-type": "application/json", "CF-Connecting-IP": "192.0.2.30", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    env: { ASK_LIMITER: allow, ASK_TOTAL_LIMITER: allow, ...bindings } as never,
  });
}

const answerKeys = async () => (await env.CONTENT_CACHE.list({ prefix: "ask:answer:" })).keys.map((k) => k.name);

describe("limits", () => {
  it("refuses a visitor over the per-visitor limit with 429, a message and Retry-After", async () => {
    const visitor = limiter(false);
    const total = limiter();
    const response = await ask({ question: stuck }, { bindings: { ASK_LIMITER: visitor.binding, ASK_TOTAL_LIMITER: total.binding } });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect(((await response.json()) as AskAnswer).error).toMatch(/Too many questions/);
    expect(visitor.keys).toEqual(["ask:192.0.2.30"]);
    // Refused before anything else: the total budget was not spent on it.
    expect(total.keys).toEqual([]);
  });

  it("refuses everyone once the total budget is spent, keyed on all visitors together", async () => {
    const total = limiter(false);
    const ai = fakeAi(modelText);
    const response = await ask({ question: stuck }, { bindings: { ASK_TOTAL_LIMITER: total.binding, AI: ai } });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect(((await response.json()) as AskAnswer).error).toMatch(/busy/);
    expect(total.keys).toEqual(["ask:all"]);
    expect(ai.calls).toHaveLength(0);
  });

  it("answers a cached question even when the total budget is spent", async () => {
    const ai = fakeAi(modelText);
    expect((await ask({ question: stuck }, { bindings: { AI: ai } })).status).toBe(200);
    const total = limiter(false);
    const again = await ask({ question: stuck }, { bindings: { AI: ai, ASK_TOTAL_LIMITER: total.binding } });
    expect(again.status).toBe(200);
    expect(total.keys).toEqual([]);
  });

  it("counts in the isolate without the bindings", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push((await ask("not json", { bindings: { ASK_LIMITER: undefined, ASK_TOTAL_LIMITER: undefined } })).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("has both bindings in wrangler.toml (simulated locally)", async () => {
    expect(await env.ASK_LIMITER.limit({ key: "wrangler-toml-check" })).toEqual({ success: true });
    expect(await env.ASK_TOTAL_LIMITER.limit({ key: "wrangler-toml-check" })).toEqual({ success: true });
  });
});

describe("the answer cache", () => {
  it("normalises a question: case, spaces, punctuation at the ends", () => {
    expect(normalizedQuestion("  Why is my   cluster stuck provisioning?! ")).toBe(stuck);
  });

  it("serves the same question again from KV without asking the model, streamed too", async () => {
    const ai = fakeAi(modelText);
    const first = (await (await ask({ question: stuck }, { bindings: { AI: ai } })).json()) as AskAnswer;
    const keys = await answerKeys();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toContain(`model=${defaultAskModel}`);
    // The question is hashed, never a key in clear.
    expect(keys[0]).not.toContain("cluster");
    const second = (await (
      await ask({ question: "Why is my cluster  stuck provisioning?" }, { bindings: { AI: ai } })
    ).json()) as AskAnswer;
    expect(second).toEqual(first);
    expect(ai.calls).toHaveLength(1);
    const streamed = await (await ask({ question: stuck }, { bindings: { AI: ai }, headers: { accept: "text/event-stream" } })).text();
    expect(ai.calls).toHaveLength(1);
    expect(streamed).toContain('event: sentence\ndata: {"markdown":"Provisioning a GPU cluster takes 6–12 minutes. [1]"');
    expect(streamed).toContain(`event: done\ndata: ${JSON.stringify(first)}`);
  });

  it("keeps a streamed answer for the next question", async () => {
    const ai = fakeAi(modelText);
    await (await ask({ question: stuck }, { bindings: { AI: ai }, headers: { accept: "text/event-stream" } })).text();
    const body = (await (await ask({ question: stuck }, { bindings: { AI: ai } })).json()) as AskAnswer;
    expect(body.answer).toBe("Provisioning a GPU cluster takes 6–12 minutes. [1]");
    expect(ai.calls).toHaveLength(1);
  });

  it("keeps extractive and model answers apart", async () => {
    await ask({ question: stuck });
    const ai = fakeAi(modelText);
    await ask({ question: stuck }, { bindings: { AI: ai } });
    expect(ai.calls).toHaveLength(1);
    expect(await answerKeys()).toHaveLength(2);
  });

  it("misses once the docs' content generation moved", async () => {
    const ai = fakeAi(modelText);
    await ask({ question: stuck }, { bindings: { AI: ai } });
    await bumpGeneration(env.CONTENT_CACHE, "docs_pages");
    await ask({ question: stuck }, { bindings: { AI: ai } });
    expect(ai.calls).toHaveLength(2);
  });

  it("is neither read nor written by a preview", async () => {
    const ai = fakeAi(modelText);
    await ask({ question: stuck }, { bindings: { AI: ai } });
    const cookie = `meridian_preview=${await previewCookieValue(testSecrets.DIRECTUS_PREVIEW_TOKEN)}`;
    const preview = await ask({ question: stuck }, { bindings: { AI: ai }, headers: { cookie } });
    expect(preview.status).toBe(200);
    expect(ai.calls).toHaveLength(2);
    await env.CONTENT_CACHE.delete((await answerKeys())[0]!);
    await ask({ question: "how long does provisioning take" }, { bindings: { AI: ai }, headers: { cookie } });
    expect(await answerKeys()).toEqual([]);
  });

  it("never reads or keeps a question holding an e-mail address or a key, nor a follow-up", async () => {
    const ai = fakeAi(modelText);
    const planted = { sentences: [], answer: { answered: true, answer: "planted", citations: [] } };
    const questions = [`${stuck} ops@example.com`, `${stuck} sk_live_4eC39HqLyjWDarjtT1zdp7dc`];
    for (const question of [...questions, stuck]) {
      await env.CONTENT_CACHE.put(await answerCacheKey(env.CONTENT_CACHE, question, `model=${defaultAskModel}`), JSON.stringify(planted));
    }
    const before = await answerKeys();
    for (const question of questions) {
      const body = (await (await ask({ question }, { bindings: { AI: ai } })).json()) as AskAnswer;
      expect(body.answer).not.toBe("planted");
    }
    const followUp = await ask(
      { question: stuck, history: [{ question: "how do I create a cluster", answer: "…" }] },
      { bindings: { AI: ai } },
    );
    expect(((await followUp.json()) as AskAnswer).answer).not.toBe("planted");
    // Each of the three was answered afresh by the model, none from the cache.
    expect(ai.calls).toHaveLength(3);
    expect(await answerKeys()).toEqual(before);
    // The planted entry is read for the same question asked plainly: the check above is meaningful.
    expect(((await (await ask({ question: stuck }, { bindings: { AI: ai } })).json()) as AskAnswer).answer).toBe("planted");
  });

  it("does not keep the extractive fallback under the model's key", async () => {
    const failing = { run: async () => Promise.reject(new Error("3040: capacity exceeded")) };
    const body = (await (await ask({ question: stuck }, { bindings: { AI: failing } })).json()) as AskAnswer;
    expect(body.answer).toMatch(/^> Provisioning takes/);
    expect(await answerKeys()).toEqual([]);
  });
});

describe("the model's budget", () => {
  it("sends max_tokens and a bounded prompt, by default and as the vars say, through the gateway when set", async () => {
    const ai = fakeAi(modelText);
    await ask({ question: stuck }, { bindings: { AI: ai } });
    expect(ai.calls[0]!.input.max_tokens).toBe(defaultModelBudget.maxTokens);
    expect(ai.calls[0]!.options).toBeUndefined();

    const budgeted = fakeAi(modelText);
    await ask(
      { question: "how long does provisioning take" },
      { bindings: { AI: budgeted, ASK_MAX_TOKENS: "120", ASK_PASSAGE_CHARS: "300", AI_GATEWAY_ID: "meridian-ask", ASK_MODEL: "@cf/x/y" } },
    );
    const call = budgeted.calls[0]!;
    expect(call.model).toBe("@cf/x/y");
    expect(call.input.max_tokens).toBe(120);
    expect(call.options).toEqual({ gateway: { id: "meridian-ask" } });
    const passageText = [...call.input.messages[1]!.content.matchAll(/<passage>\n([\s\S]*?)\n<\/passage>/g)].map((m) => m[1]!);
    expect(passageText.join("").length).toBeLessThanOrEqual(300);
    expect(passageText.length).toBeGreaterThan(0);
  });

  it("ignores a budget var that is not a positive number", async () => {
    const ai = fakeAi(modelText);
    await ask({ question: stuck }, { bindings: { AI: ai, ASK_MAX_TOKENS: "lots" } });
    expect(ai.calls[0]!.input.max_tokens).toBe(defaultModelBudget.maxTokens);
  });

  it("gives up on the model at the timeout, not before", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const ai = fakeAi("", { hang: true });
    let settled: unknown = "pending";
    const answer = modelAnswerText(ai, { model: "m", budget: { ...defaultModelBudget, timeoutMs: 5_000 } }, []).catch((e: Error) => e);
    void answer.then((value) => {
      settled = value;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(String(settled)).toMatch(/within 5000 ms/);
  });

  /** Advances the faked timers while the request runs (a KV read between steps lets workerd's I/O go on). */
  async function untilSettled<T>(promise: Promise<T>): Promise<T> {
    let done = false;
    void promise.finally(() => {
      done = true;
    });
    for (let i = 0; i < 200 && !done; i += 1) {
      await vi.advanceTimersByTimeAsync(500);
      await env.CONTENT_CACHE.get("tick");
    }
    return promise;
  }

  it("answers extractively when the model does not answer in time (JSON)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const ai = fakeAi("", { hang: true });
    const body = (await (await untilSettled(ask({ question: stuck }, { bindings: { AI: ai } }))).json()) as AskAnswer;
    expect(ai.calls).toHaveLength(1);
    expect(body.answered).toBe(true);
    expect(body.answer).toMatch(/^> Provisioning takes 6–12 minutes\./);
  });

  it("answers extractively when the model's stream stays silent", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const ai = fakeAi("", { hang: true });
    const response = await untilSettled(ask({ question: stuck }, { bindings: { AI: ai }, headers: { accept: "text/event-stream" } }));
    const text = await response.text();
    expect(text).toMatch(/^event: sentence\ndata: \{"markdown":"> Provisioning takes 6–12 minutes\./);
    expect(text).toContain("event: done");
  });
});
