import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../../app/create-app";
import { bumpGeneration } from "../../../content/generations.server";
import { mockDirectus, request, resetContentState } from "../../../../test/worker/helpers";
import { seededAnswers } from "../../../../test/support/ask-seed";
import { resetPassageIndexMemo } from "../passage-index.server";

beforeEach(async () => {
  await resetContentState();
  resetPassageIndexMemo();
});

interface AskAnswer {
  answered: boolean;
  citations: { url: string }[];
}

const allowAll = { limit: async () => ({ success: true }) } as RateLimit;
// The docs say "bucket"; without the glossary this finds the API keys' "Creating a scoped key".
const question = "how do I create a container";
const bucketPassage = /^\/docs\/object-storage\/buckets#create-a-bucket$/;

/** The seeded docs, with the glossary the CMS answers (`glossary`: the rows, or a failing read). */
function directus(glossary: () => unknown) {
  const answers = seededAnswers();
  return mockDirectus({
    ...Object.fromEntries(
      Object.entries(answers).map(([name, answer]) => [
        name,
        (call: { variables?: Record<string, unknown> }) => answer(call.variables ?? {}),
      ]),
    ),
    AskGlossary: () => glossary(),
  });
}

async function ask(upstream: ReturnType<typeof mockDirectus>): Promise<AskAnswer> {
  const app = createApp({ pageCache: false, content: { fetch: upstream.fetch } });
  const response = await request("/api/ask", {
    app,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ question }),
    env: { ASK_LIMITER: allowAll, ASK_TOTAL_LIMITER: allowAll } as never,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as AskAnswer;
}

describe("the glossary editors keep in the CMS", () => {
  it("expands a question with a term's synonyms: a reader's word finds the docs' passage", async () => {
    const body = await ask(directus(() => ({ docs_glossary: [{ term: "container", synonyms: ["bucket"] }] })));
    expect(body.answered).toBe(true);
    expect(body.citations[0]!.url).toMatch(bucketPassage);
  });

  it("takes an editor's change at the next question (the glossary's generation is part of the index's key)", async () => {
    let rows: unknown[] = [];
    const upstream = directus(() => ({ docs_glossary: rows }));
    const before = await ask(upstream);
    expect(before.citations[0]?.url ?? "").not.toMatch(bucketPassage);

    rows = [{ term: "Container", synonyms: ["Bucket", "", 3] }];
    await bumpGeneration(env.CONTENT_CACHE, "docs_glossary");
    const after = await ask(upstream);
    expect(after.answered).toBe(true);
    expect(after.citations[0]!.url).toMatch(bucketPassage);
  });

  it("answers with the built-in words when the CMS's glossary cannot be read, and does not keep that index", async () => {
    const upstream = directus(() => new Response("upstream error", { status: 500 }));
    const app = createApp({ pageCache: false, content: { fetch: upstream.fetch } });
    const response = await request("/api/ask", {
      app,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "how many gpus does a vm have" }),
      env: { ASK_LIMITER: allowAll, ASK_TOTAL_LIMITER: allowAll } as never,
    });
    expect(response.status).toBe(200);
    // An index built without the CMS's glossary is not kept: the next question asks the CMS again.
    expect((await env.CONTENT_CACHE.list({ prefix: "ask:passages:" })).keys).toEqual([]);
  });
});
