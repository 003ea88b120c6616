// The ask feature's server face: its API, content type and content, and what other features may use of it.
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { errorFields, logLine } from "../../lib/log";
import { defineFeature } from "../../router/feature.server";
import { writeAskPoint } from "../search/index.server";
import { askContent } from "./content.server";
import { glossaryContentType } from "./content-type.server";
import { askDocsQuery, cleanQuestion, maxQuestionChars } from "./operation";
import { askRoutes } from "./routes/api.server";

/**
 * The /ask page's question, sent beside its page view (the page is cached and may never
 * hydrate): the worker answers it again for its outcome, so a beacon cannot claim one.
 */
export async function recordAskPageView(c: Context<AppEnv>, search: string): Promise<void> {
  const question = cleanQuestion(new URLSearchParams(search.slice(0, 2000)).get("q") ?? "");
  if (!question || question.length > maxQuestionChars || c.get("preview")) return;
  try {
    const { askDocs } = await c.get("content").query(askDocsQuery, { question });
    writeAskPoint(c.env, { question, answered: askDocs.answered, citations: askDocs.citations.length, source: "page" });
  } catch (error) {
    logLine("warn", "search_point_not_written", errorFields(error));
  }
}

// For the MCP server's search: its results carry the passage they point to.
export { passageIndex } from "./passage-index.server";
export type { Passage } from "./passages";

export const askFeature = defineFeature({
  name: "ask",
  routes: (app) => app.route("/api/ask", askRoutes),
  contentTypes: [glossaryContentType],
  content: [askContent],
});
