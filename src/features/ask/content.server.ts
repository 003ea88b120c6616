import type { ContentExtensions, ResolverContext } from "../../content/extensions.server";
import type { Answer } from "./answer";
import { cleanQuestion, maxQuestionChars } from "./operation";
import { passageIndex } from "./passage-index.server";
import { retrieve } from "./retrieval";

const originOf = (siteUrl: string): string => {
  try {
    return new URL(siteUrl).origin;
  } catch {
    return "";
  }
};

/** AskDocs: the extractive answer, every sentence checked as the API checks it, or a refusal. */
async function resolveAskDocs(variables: Record<string, unknown>, { kv, content, preview, siteUrl }: ResolverContext) {
  const question = typeof variables.question === "string" ? cleanQuestion(variables.question.slice(0, maxQuestionChars)) : "";
  if (!question) throw new Error("AskDocs needs a question");
  // The answer's checks load with the first question (the /ask page's loader).
  const { checkedSentences, composeAnswer, extractiveSentences, refusal } = await import("./answer");
  const retrieval = retrieve(await passageIndex(kv, content, { preview }), question);
  const passages = retrieval.results.map((result) => result.passage);
  const kept = checkedSentences(extractiveSentences(retrieval), passages, originOf(siteUrl));
  const askDocs: Answer = kept.length ? composeAnswer(kept, passages, { quoted: true }) : refusal(retrieval);
  return { askDocs };
}

/** Ask the docs is answered by the worker from its passage index (decision 031). */
export const askContent: Partial<ContentExtensions> = {
  resolvers: { AskDocs: resolveAskDocs },
};
