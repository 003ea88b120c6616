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
