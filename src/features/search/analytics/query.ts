/** A query is kept to this many characters in the analytics (enough to read it, too short for prose). */
export const analyticsQueryLength = 64;

const email = /[^\s@]+@[^\s@]+\.[^\s@]+/;
/** Six digits in a row: a phone, card, account, order or customer number, a postcode with more. */
const digitRun = /\d{6}/;
/** Digits split by spaces, dashes, dots or brackets (a phone number written out): seven or more digits. */
const spacedDigits = /\+?\d[\d\s().\-/]{5,}\d/g;
/** A long word mixing letters and digits: an API key, a token, a licence key. */
const secretLike = /(?=\S*[a-z])(?=\S*\d)[\w-]{24,}/;

/**
 * A search text as the search analytics keep it: trimmed, lower case, runs of white space as one
 * space, cut to `analyticsQueryLength` characters. Null when there is nothing left, or when it
 * looks like personal data or a secret (an e-mail address, a long number, a key): such a text is
 * never stored, not even cut.
 */
export function analyticsQuery(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  // Bounded work: searches are at most 200 characters; anything longer is not a visitor's search.
  const text = raw
    .slice(0, 400)
    .toLowerCase()
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return null;
  if (email.test(text) || digitRun.test(text) || secretLike.test(text)) return null;
  for (const match of text.matchAll(spacedDigits)) {
    if (match[0].replace(/\D/g, "").length >= 7) return null;
  }
  return Array.from(text).slice(0, analyticsQueryLength).join("").trim();
}
