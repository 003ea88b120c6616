// Matching a question against passages: the question's words (filler dropped) and the docs'
// words for them (the CMS glossary, glossary.ts) scored by MiniSearch's BM25 over title, context and text, typos
// forgiven for longer words, guides before API operations unless the question asks for one. Then
// whether to answer at all: how much of the question's topic the best passages hold (`topicCoverage`).
import MiniSearch from "minisearch";
import type { GlossaryEntry } from "./glossary";
import type { Passage } from "./passages";
import { fold, isFormOf, isScaffolding, stem, term, terms, words } from "./text";

/** Bump when tokenising, fields or the stored shape change: a stored index of another version is rebuilt. */
export const passageIndexVersion = 2;

export interface PassageIndex {
  readonly passages: readonly Passage[];
  /** @internal */
  readonly mini: MiniSearch<Passage>;
  /** @internal How many passages hold each term (for how much a word says). */
  readonly df: ReadonlyMap<string, number>;
  /** @internal Operation titles, folded: a question naming one asks for the API. */
  readonly operationTitles: readonly string[];
  /** The glossary the index was built with: stored with it, so a stored index answers as it was built. */
  readonly glossary: readonly GlossaryEntry[];
  /** @internal A question's term → the docs' terms for it. */
  readonly synonymsOf: ReadonlyMap<string, readonly string[]>;
}

const fields = ["title", "context", "description", "text"];
const boosts = { title: 3, context: 1.5, description: 1, text: 1 };

const options = {
  idField: "id",
  fields,
  storeFields: [] as string[],
  tokenize: (text: string) => words(text),
  processTerm: (word: string) => term(word),
  searchOptions: { boost: boosts },
};

function synonymMap(glossary: readonly GlossaryEntry[]): Map<string, string[]> {
  const byTerm = new Map<string, string[]>();
  for (const entry of glossary) {
    const key = stem(fold(entry.term));
    byTerm.set(key, [...(byTerm.get(key) ?? []), ...entry.synonyms.flatMap((synonym) => terms(synonym))]);
  }
  return byTerm;
}

function finish(mini: MiniSearch<Passage>, passages: readonly Passage[], glossary: readonly GlossaryEntry[]): PassageIndex {
  const df = new Map<string, number>();
  for (const passage of passages) {
    for (const t of new Set(terms(`${passage.title} ${passage.context} ${passage.description ?? ""} ${passage.text}`))) {
      df.set(t, (df.get(t) ?? 0) + 1);
    }
  }
  const operationTitles = [...new Set(passages.filter((p) => p.kind === "api").map((p) => fold(p.title.replace(/ \(API v\d+\)$/, ""))))];
  return { passages, mini, df, operationTitles, glossary, synonymsOf: synonymMap(glossary) };
}

export function buildPassageIndex(passages: readonly Passage[], glossary: readonly GlossaryEntry[]): PassageIndex {
  const mini = new MiniSearch<Passage>(options);
  mini.addAll(passages);
  return finish(mini, passages, glossary);
}

/** One string for storage (KV): the version, the passages, the glossary and MiniSearch's JSON. */
export const serializePassageIndex = (index: PassageIndex): string =>
  JSON.stringify({ version: passageIndexVersion, passages: index.passages, glossary: index.glossary, mini: index.mini });

/** A stored index, or null when it is of another version or unreadable (the caller rebuilds). */
export function loadPassageIndex(stored: string): PassageIndex | null {
  try {
    const parsed = JSON.parse(stored) as { version?: number; passages?: Passage[]; glossary?: GlossaryEntry[]; mini?: unknown };
    if (parsed.version !== passageIndexVersion || !Array.isArray(parsed.passages) || !Array.isArray(parsed.glossary) || !parsed.mini)
      return null;
    return finish(MiniSearch.loadJS<Passage>(parsed.mini as never, options), parsed.passages, parsed.glossary);
  } catch {
    return null;
  }
}

interface Concept {
  term: string;
  /** How much the word says: rare words more (idf). */
  weight: number;
  /** The docs' words for it, from the glossary. */
  synonyms: string[];
  /** Names what the question is about, rather than how it is asked ("how long", "actually"). */
  topical: boolean;
  /**
   * The glossary's words for it whatever the form the reader wrote ("charged" finds the entry
   * "charge"), for the confidence gate; searching keeps `synonyms`.
   */
  glossaryWords: string[];
}

interface QuestionAnalysis {
  concepts: Concept[];
  /**
   * The question asks for an API operation: 2 for an HTTP verb first or "API"/"endpoint"/"operation",
   * 1 when it only names an operation's title (guides of the same name then compete evenly), else 0.
   */
  wantsApi: 0 | 1 | 2;
  /** An earlier API version the question names (`v1`). */
  version?: string;
}

const httpVerb = /^\s*(get|post|put|patch|delete)\b/i;
// "API key" is a credential, not the API reference.
const topicEndpoint = /\b(inference|dedicated|metadata|storage|regional|metrics)\s+endpoints?\b/i;
const apiWord = /\b(endpoint|api(?!\s+keys?\b)|operation)\b/i;

function analyzeQuestion(index: PassageIndex, question: string): QuestionAnalysis {
  const n = Math.max(1, index.passages.length);
  const seen = new Set<string>();
  const concepts: Concept[] = [];
  for (const t of terms(question)) {
    if (seen.has(t)) continue;
    seen.add(t);
    const df = index.df.get(t) ?? 0;
    const synonyms = (index.synonymsOf.get(t) ?? []).filter((s) => s !== t);
    // A word no passage holds still counts (a question about what the docs lack must not find an answer by its other words).
    const glossaryWords = [...index.synonymsOf]
      .filter(([entry]) => isFormOf(t, entry, { docsUseQuestionTerm: true }))
      .flatMap(([, words]) => words)
      .filter((s) => s !== t);
    concepts.push({ term: t, weight: Math.log(1 + n / (df + 0.5)), synonyms, topical: !isScaffolding(t), glossaryWords });
  }
  const folded = fold(question);
  const namesOperation = index.operationTitles.some((title) => folded.includes(title));
  // `v1` as a version's name, not as a path segment (`/v1/clusters` is every version's path).
  const version = /(?<![/\w])v\d+\b(?!\/)/i.exec(question)?.[0]?.toLowerCase();
  const wantsApi = httpVerb.test(question) || apiWord.test(question) ? 2 : namesOperation ? 1 : 0;
  // Words that ask for the API say what kind of passage is wanted, not what it is about
  // (an "inference endpoint" is a topic, though).
  const kindWords = new Set(wantsApi === 2 ? ["api", "operation", ...(topicEndpoint.test(question) ? [] : ["endpoint"])] : []);
  return { concepts: concepts.filter((c) => !kindWords.has(c.term)), wantsApi, version };
}

interface Retrieved {
  passage: Passage;
  score: number;
  /** The share of the question's weight (its rare words most) that this passage holds. */
  coverage: number;
}

export interface Retrieval {
  analysis: QuestionAnalysis;
  results: Retrieved[];
  /** How much of the question's topic the best passages hold (`topicCoverage`). */
  topicCoverage: number;
  /** Whether that is enough to answer from. */
  confident: boolean;
  /** The question's topic words none of the best passages holds: why a question is refused. */
  uncovered: string[];
}

/**
 * Below this share of the question's topic, the docs are taken not to answer it. Calibrated on
 * the tuning questions alone (scripts/bench/ask-retrieval.mjs), midway between the most covered
 * of their unanswerable questions left refused (0.61; one, 0.90, is answered: all its words are
 * the docs') and the answerable ones just above it (0.67).
 */
const minTopicCoverage = 0.64;
/**
 * What a topic word counts for by where it is found: in the best passage in full; in one of the
 * next passages (those an answer quotes, or a refusal lists) in half, as a question often spans
 * two neighbouring sections; only elsewhere in the docs in a quarter (readers add context the best
 * passage does not repeat); a word the docs never use counts nothing: that is what refuses a
 * question about something they lack.
 */
const heldBy = { best: 1, nearby: 0.5, docs: 0.25 } as const;
/** The best passage and the next ones the gate reads (as many as `retrieve` returns by default). */
const gatePassages = 5;

const kindWeight = (passage: Passage, analysis: QuestionAnalysis) => {
  if (passage.kind === "api") {
    const versionFit = passage.version ? (analysis.version === passage.version ? 1.2 : 0.5) : analysis.version ? 0.8 : 1;
    return [0.35, 0.9, 1.3][analysis.wantsApi]! * versionFit;
  }
  if (passage.kind === "changelog") return 0.8;
  return 1;
};

/** The passages that best answer the question, best first. */
export function retrieve(index: PassageIndex, question: string, { limit = 5 }: { limit?: number } = {}): Retrieval {
  const analysis = analyzeQuestion(index, question);
  if (analysis.concepts.length === 0) return { analysis, results: [], topicCoverage: 0, confident: false, uncovered: [] };
  const original = new Set(analysis.concepts.map((c) => c.term));
  const queryTerms = [...new Set(analysis.concepts.flatMap((c) => [c.term, ...c.synonyms]))];
  const byId = new Map(index.passages.map((p) => [p.id, p]));
  const hits = index.mini.search(queryTerms.join(" "), {
    tokenize: (text) => text.split(" "),
    processTerm: (t) => t,
    combineWith: "OR",
    fuzzy: (t) => (t.length >= 5 && !/\d/.test(t) ? (t.length >= 8 ? 0.25 : 0.2) : 0),
    boostTerm: (t) => (original.has(t) ? 1 : 0.4),
    weights: { fuzzy: 0.45, prefix: 0.375 },
  });
  const total = analysis.concepts.reduce((sum, c) => sum + c.weight, 0);
  const scored: Scored[] = [];
  for (const hit of hits) {
    const passage = byId.get(hit.id as string);
    if (!passage) continue;
    const matched = new Set(hit.queryTerms);
    let held = 0;
    for (const concept of analysis.concepts) {
      if (matched.has(concept.term)) held += concept.weight;
      else if (concept.synonyms.some((s) => matched.has(s))) held += concept.weight * 0.7;
    }
    const coverage = total > 0 ? held / total : 0;
    scored.push({ result: { passage, coverage, score: hit.score * (0.25 + coverage) ** 2 * kindWeight(passage, analysis) }, matched });
  }
  scored.sort((a, b) => b.result.score - a.result.score || a.result.passage.id.localeCompare(b.result.passage.id));
  const results = scored.slice(0, limit).map((s) => s.result);
  const best = scored[0];
  if (!best || best.result.passage.text.length === 0) return { analysis, results, topicCoverage: 0, confident: false, uncovered: [] };
  const docsTerms = new Set(hits.flatMap((hit) => hit.queryTerms));
  const { share, uncovered } = topicCoverage(index, analysis.concepts, scored.slice(0, gatePassages), docsTerms);
  return { analysis, results, topicCoverage: share, confident: share >= minTopicCoverage, uncovered };
}

interface Scored {
  result: Retrieved;
  /** The query terms MiniSearch found in the passage, typos forgiven. */
  matched: ReadonlySet<string>;
}

/**
 * How much of the question's topic the best passages hold (`passages`, best first): each topic
 * word by its weight, counted by where it is found (`heldBy`). A passage holds a word as written,
 * with a typo, as the glossary's word for it or in another form (`isFormOf`). Words that only
 * shape the question ("how long", "is there a way") are left out, unless the question has nothing
 * else. `docsTerms`: the query terms some passage holds.
 */
function topicCoverage(
  index: PassageIndex,
  concepts: readonly Concept[],
  passages: readonly Scored[],
  docsTerms: ReadonlySet<string>,
): { share: number; uncovered: string[] } {
  const topical = concepts.some((c) => c.topical) ? concepts.filter((c) => c.topical) : concepts;
  const passageTerms = new Map<Scored, string[]>();
  const holds = (scored: Scored, concept: Concept) => {
    if ([concept.term, ...concept.synonyms].some((t) => scored.matched.has(t))) return true;
    let own = passageTerms.get(scored);
    if (!own) {
      const { title, context, description, text } = scored.result.passage;
      own = [...new Set(terms(`${title} ${context} ${description ?? ""} ${text}`))];
      passageTerms.set(scored, own);
    }
    const docsUseQuestionTerm = index.df.has(concept.term);
    return own.some((t) => isFormOf(concept.term, t, { docsUseQuestionTerm }) || concept.glossaryWords.includes(t));
  };
  const docsHold = (concept: Concept) =>
    [concept.term, ...concept.synonyms].some((t) => docsTerms.has(t)) || concept.glossaryWords.some((t) => index.df.has(t));
  let total = 0;
  let held = 0;
  const uncovered: string[] = [];
  const [best, ...nearby] = passages;
  for (const concept of topical) {
    total += concept.weight;
    if (best && holds(best, concept)) held += concept.weight * heldBy.best;
    else if (nearby.some((scored) => holds(scored, concept))) held += concept.weight * heldBy.nearby;
    else {
      uncovered.push(concept.term);
      if (docsHold(concept)) held += concept.weight * heldBy.docs;
    }
  }
  return { share: total > 0 ? held / total : 0, uncovered };
}
