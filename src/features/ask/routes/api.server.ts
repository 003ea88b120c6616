import { Hono } from "hono";
import type { AppEnv } from "../../../env";
import { askVisitorLimit } from "../limits.server";

/**
 * POST /api/ask — a question about the docs, answered in a few sentences, each citing the
 * passage it comes from: `{"question": "…", "history": [{"question", "answer"}]}` (history
 * optional, at most six turns) → `{answered, answer (Markdown), citations: [{url, title, quote}]}`.
 * With the `AI` binding a Workers AI model writes the sentences; without it (or when it fails)
 * they are the passages' own sentences, quoted. Either way each sentence is checked before it
 * is shown. `Accept: text/event-stream` streams checked sentences as they pass. Limited per
 * visitor and in total (limits.server.ts); a question asked before of the same content is
 * answered from KV (answer-cache.server.ts) without counting against the total.
 */
export const askRoutes = new Hono<AppEnv>()
  .use(askVisitorLimit)
  // The answering code (retrieval, the model's prompt and checks, the answer cache) loads with
  // the first question: most of the worker's requests are pages.
  .post("/", async (c) => (await import("./answer.server")).answerQuestion(c))
  .all("/", (c) => {
    c.header("Allow", "POST");
    return c.json({ error: "Ask with POST." }, 405);
  });
