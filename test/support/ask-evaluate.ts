// The question set (src/features/ask/questions.json) run against the passages of the seeded content: recall@5
// (a question counts when a passage that answers it is among the first five), MRR (1 / rank of
// the first such passage), and how often the retrieval declines (on questions the docs do not
// answer, and wrongly on those they do). Shared by the unit test and scripts/bench/ask-retrieval.mjs.
import { glossaryEntries } from "../../src/features/ask/cms/seed.mjs";
import questionSet from "../../src/features/ask/questions.json";
import { passagesFrom } from "../../src/features/ask/passages";
import { buildPassageIndex, type PassageIndex, retrieve } from "../../src/features/ask/retrieval";
import { seededSearchDocuments } from "./ask-seed";

export interface Question {
  question: string;
  answers: string[];
  /** tuning: tuned against; heldout: written first by the same author, never tuned against;
   * external: written by someone who never saw the retrieval code or the other questions. */
  split: "tuning" | "heldout" | "external";
}

export const questions = questionSet.questions as Question[];

export async function seededPassageIndex(): Promise<PassageIndex> {
  // The seeded glossary, as the worker reads it from the CMS.
  return buildPassageIndex(passagesFrom(await seededSearchDocuments()), glossaryEntries);
}

export interface SplitScores {
  answerable: number;
  unanswerable: number;
  recallAt5: number;
  mrr: number;
  /** Unanswerable questions declined. */
  refusalRate: number;
  /** Answerable questions declined. */
  falseRefusalRate: number;
  misses: { question: string; expected: string[]; got: string[] }[];
  wrongAnswers: { question: string; got: string }[];
  /** Answerable questions declined, with the topic words the best passages lack. */
  falseRefusals: { question: string; uncovered: string[] }[];
}

export function evaluate(index: PassageIndex, split: Question["split"]): SplitScores {
  const set = questions.filter((q) => q.split === split);
  const answerable = set.filter((q) => q.answers.length > 0);
  const unanswerable = set.filter((q) => q.answers.length === 0);
  let found = 0;
  let reciprocal = 0;
  const falseRefusals: SplitScores["falseRefusals"] = [];
  const misses: SplitScores["misses"] = [];
  for (const q of answerable) {
    const retrieval = retrieve(index, q.question, { limit: 5 });
    const ids = retrieval.results.map((r) => r.passage.id);
    const rank = ids.findIndex((id) => q.answers.includes(id));
    if (rank >= 0) {
      found++;
      reciprocal += 1 / (rank + 1);
    } else misses.push({ question: q.question, expected: q.answers, got: ids });
    if (!retrieval.confident) falseRefusals.push({ question: q.question, uncovered: retrieval.uncovered });
  }
  const wrongAnswers: SplitScores["wrongAnswers"] = [];
  let refused = 0;
  for (const q of unanswerable) {
    const retrieval = retrieve(index, q.question, { limit: 5 });
    if (!retrieval.confident) refused++;
    else wrongAnswers.push({ question: q.question, got: retrieval.results[0]!.passage.id });
  }
  return {
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    recallAt5: found / answerable.length,
    mrr: reciprocal / answerable.length,
    refusalRate: refused / unanswerable.length,
    falseRefusalRate: falseRefusals.length / answerable.length,
    misses,
    wrongAnswers,
    falseRefusals,
  };
}
