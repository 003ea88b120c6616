// Words of questions and passages: the same tokenising for both, so a question's word meets the
// docs' word whatever its case, accents or plural.

/** Question words and filler: they say how a question is asked, not what it is about. */
const stopWords = new Set(
  (
    "a about above after again against all am an and any are aren't as at be because been before being below between both but by " +
    "can could did do does doing don't down during each few for from further had has have having he her here hers him his how " +
    "i i'm if in into is isn't it it's its itself just let me more most my myself no nor not now of off on once only or other our " +
    "ours out over own same she should so some such than that the their theirs them then there these they this those through to " +
    "too under until up very was we were what when where which while who whom why will with would you your yours yourself " +
    "use using used get got make want need way possible please tell explain know anyone someone thing things there's " +
    "meridian also may might must shall whether able"
  ).split(" "),
);

/** Lower case, diacritics and compatibility forms folded. */
export const fold = (text: string): string =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/**
 * A light suffix stripper (plural, -ing, -ed): enough for "volumes" to meet "volume" and
 * "provisioning" "provision", without a stemmer's surprises on product names. Words with
 * digits (`h100`, `k8s`) and short words stay as they are.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.endsWith("ing") && word.length > 5) return undouble(word.slice(0, -3));
  if (word.endsWith("ed") && word.length > 4 && !word.endsWith("eed")) return undouble(word.slice(0, -2));
  if (word.endsWith("es") && /(?:ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) return word.slice(0, -1);
  return word;
}

const undouble = (word: string) => (/([bdgmnprt])\1$/.test(word) ? word.slice(0, -1) : word);

/** Runs of letters and digits (`k8s`, `h100` whole; `on-demand` → `on`, `demand`), folded. */
export const words = (text: string): string[] => fold(text).match(/[\p{L}\p{N}_]+/gu) ?? [];

/** The indexed form of a word, or null for a stop word. */
export function term(word: string): string | null {
  const folded = fold(word);
  if (stopWords.has(folded) || folded.length < 2) return null;
  return stem(folded);
}

/** A text's terms in order, stop words left out. */
export const terms = (text: string): string[] => words(text).flatMap((word) => term(word) ?? []);

// What the confidence gate reads (retrieval.ts): which of a question's words name its topic, and
// whether a passage holds a word in another form. Searching and the index are not affected.

/**
 * Words that shape a question without naming its topic: how much, what happens, is there a way,
 * politeness, hedges, generic verbs. They still search, but whether the docs answer is judged on
 * the other words: "actually" or "how long does it take" missing from a passage says nothing
 * about whether the passage answers.
 */
const scaffoldingWords =
  // how much, how many, how often, how long, how soon, how far
  "much many often long soon far " +
  // irregular forms of the verbs below
  "goes went gone came took taken gave given kept saw seen tried meant said thought done " +
  // hedges and fillers
  "actually really exactly basically currently still already even ever always never anyway anymore maybe perhaps " +
  "probably usually generally quite rather enough instead otherwise else right though however sure curious " +
  // politeness and chat
  "hi hello hey thanks sorry ok okay yes yeah idea question quick " +
  // pronouns and quantifiers the stop words lack
  "us mine anybody anything something everything nothing everyone everybody somebody one ones another every either " +
  "neither whatever whichever stuff lot lots bit kind sort " +
  // comparison and recommendation as a frame ("what is the difference between", "which is best")
  "best better difference different vs versus " +
  // the docs themselves
  "docs documentation " +
  // what is left of a contraction once its apostrophe splits it ("isn't" is `isn` and `t`)
  "aren isn don doesn didn wasn weren won wouldn shouldn couldn haven hasn hadn ll ve re";

/** Verbs that shape a question, in every regular form ("included" and "including" too). */
const scaffoldingVerbs =
  // asking and doing in general ("what happens", "how does it work", "where do I find")
  (
    "happen work go come take give keep put find see look try seem mean say think learn figure wonder like help thank " +
    // whether something exists ("do you offer", "is there support for", "is it included")
    "offer provide support include compare"
  )
    .split(" ")
    .flatMap((verb) => {
      const base = verb.replace(/e$/, "");
      return [verb, `${verb}s`, `${base}ed`, `${base}ing`];
    });

const scaffoldingTerms = new Set([
  ...terms(scaffoldingWords),
  ...scaffoldingVerbs.flatMap((v) => term(v) ?? []),
  ...[...stopWords].map(stem),
]);

/**
 * A term that shapes the question rather than naming its topic (`scaffoldingWords`), or a stop
 * word in another form ("needs", "getting", "makes").
 */
export const isScaffolding = (t: string): boolean => scaffoldingTerms.has(t);

/** What tells forms of a word apart once the stemmer is done: "delet|e", "delet|ion", "configur|ation". */
const wordEnding = /^(?:e|at|ate)?(?:ion|ment|er|or|est|able|ible|al|ive|ly|ity)?$/;
/** Endings a reader adds to a short word of the docs: "faster" for "fast", "largest" for "large". */
const comparativeEnding = /^(?:er|est|ly)$/;

/**
 * Whether a passage's term is the question's term in another form the light stemmer leaves apart:
 * another ending ("deletion" and "delete", "configure" and "configuration", "cheapest" and
 * "cheap"), a letter more or less in a short word ("move" and "moved" `mov`, "gpus" and "gpu"),
 * "embed" taken for a past tense (`emb`),
 * or, for a word the docs never use, an abbreviation of theirs ("repo" for "repository").
 */
export function isFormOf(questionTerm: string, passageTerm: string, { docsUseQuestionTerm }: { docsUseQuestionTerm: boolean }): boolean {
  if (questionTerm === passageTerm) return true;
  let shared = 0;
  while (shared < questionTerm.length && questionTerm[shared] === passageTerm[shared]) shared++;
  const questionEnding = questionTerm.slice(shared);
  const passageEnding = passageTerm.slice(shared);
  if (shared >= 5 && wordEnding.test(questionEnding) && wordEnding.test(passageEnding)) return true;
  if (shared >= 3 && questionEnding.length + passageEnding.length === 1) return true;
  // A word the stemmer took for a past tense: "embed" is `emb`, "embedding" `embed`.
  if (shared >= 3 && [questionEnding, passageEnding].sort().join() === ",ed") return true;
  const passageRoot = passageTerm.replace(/e$/, "");
  if (passageRoot.length >= 3 && questionTerm.startsWith(passageRoot) && comparativeEnding.test(questionTerm.slice(passageRoot.length)))
    return true;
  return !docsUseQuestionTerm && shared >= 4 && questionEnding === "";
}
