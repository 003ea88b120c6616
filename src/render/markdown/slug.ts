/**
 * Heading ids and URL segments. Isomorphic and dependency-free: the browser may use it too (for
 * example to link to a heading from client-side search results).
 */

/** Latin letters that do not decompose into a base letter and a mark. */
const letters: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ł: "l", þ: "th" };

/**
 * Lower-case ASCII slug of `text`: diacritics removed, every run of other characters becomes one
 * hyphen, no hyphen at either end. An empty result stays empty (callers pick a fallback).
 */
export function slugify(text: string): string {
  return text
    .replace(/[ßæœøđłþ]/gi, (ch) => letters[ch.toLowerCase()] ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/**
 * Hands out unique ids for one document: the first heading "Setup" gets `setup`, the next ones
 * `setup-1`, `setup-2`; an id that a literal heading already took ("Setup 1") is skipped. The same
 * sequence of texts always gives the same ids.
 */
export function createSlugger(reserved: Iterable<string> = []): (text: string) => string {
  const used = new Set(reserved);
  const counters = new Map<string, number>();
  return (text) => {
    const base = slugify(text) || "section";
    let id = base;
    let n = counters.get(base) ?? 0;
    while (used.has(id)) {
      n += 1;
      id = `${base}-${n}`;
    }
    counters.set(base, n);
    used.add(id);
    return id;
  };
}
