/**
 * Shiki's grammars with their Oniguruma patterns translated to JavaScript at build time, so the
 * worker does without the translator (oniguruma-to-es and its parser, 16.7 kB gzip). Each pattern
 * in a grammar becomes a short key; the translations are a table of lines the lang module hands to
 * src/render/markdown/precompiled-regex.server.ts, which builds each RegExp when the tokenizer
 * first asks for it, as the JavaScript engine did after translating.
 *
 * vscode-textmate rewrites some patterns before the engine sees them, and the key keeps what it
 * needs for that: `\A` and `\G` (replaced per position by U+FFFF when not allowed, so the key says
 * which were allowed and the table has a translation per case), and the back-references of an
 * `end` or `while` pattern to the `begin` pattern's captures (replaced by the captured text,
 * escaped: the key carries them, and the translation has a placeholder where each goes).
 */
import { defaultJavaScriptRegexConstructor } from "shiki/engine/javascript";

/** The keys of TextMate rules whose strings are patterns. */
const patternKeys = new Set(["match", "begin", "end", "while"]);
/** Starts every key: an unassigned code point no grammar uses. */
const keyPrefix = "\uFDD0";
/** Placeholders for captured text in a translated `end` or `while`: U+E000 for the first, … */
const placeholderBase = 0xe000;
/** vscode-textmate's back-reference syntax in `end` and `while` (HAS_BACK_REFERENCES, BACK_REFERENCING_END). */
const backReference = /\\(\d+)/g;
/** Flags of nearly every translation: left out of its line. */
const defaultFlags = "dgv";

/** What vscode-textmate's RegExpSource makes of a pattern: `\z` spelled out, `\A` and `\G` found by escape pairs. */
export function sourceOf(pattern: string): { source: string; a: boolean; g: boolean } {
  let source = "";
  let a = false;
  let g = false;
  for (let pos = 0; pos < pattern.length; pos++) {
    const char = pattern[pos]!;
    if (char === "\\" && pos + 1 < pattern.length) {
      const next = pattern[pos + 1]!;
      if (next === "z") source += "$(?!\\n)(?<!\\n)";
      else {
        if (next === "A") a = true;
        else if (next === "G") g = true;
        source += char + next;
      }
      pos++;
    } else source += char;
  }
  return { source, a, g };
}

/** RegExpSource's resolveAnchors: a `\A` or `\G` not allowed here has its letter replaced by U+FFFF. */
export function withAnchors(source: string, allowA: boolean, allowG: boolean): string {
  let out = "";
  for (let pos = 0; pos < source.length; pos++) {
    const char = source[pos]!;
    if (char === "\\" && pos + 1 < source.length) {
      const next = source[pos + 1]!;
      out += char + (next === "A" ? (allowA ? "A" : "\uFFFF") : next === "G" ? (allowG ? "G" : "\uFFFF") : next);
      pos++;
    } else out += char;
  }
  return out;
}

/** One line of the table: the translation, after its flags and options as JSON and a tab unless they are the usual. */
function translate(pattern: string): string {
  // The engine's own translation, with the target it chooses at run time (workerd's V8, as Node's, has every feature).
  const regexp = defaultJavaScriptRegexConstructor(pattern, { target: "auto" });
  const { lazyCompile: _lazy, ...options } = (regexp as RegExp & { rawOptions?: Record<string, unknown> }).rawOptions ?? {};
  for (const [name, value] of Object.entries(options)) {
    const known =
      (name === "hiddenCaptures" && Array.isArray(value)) || (name === "strategy" && (value === "clip_search" || value == null));
    if (!known) throw new Error(`shiki-precompile: the runtime does not emulate ${name}=${JSON.stringify(value)} (pattern ${pattern})`);
  }
  if (/[\t\n\r]/.test(regexp.source)) throw new Error(`shiki-precompile: a translation with a raw tab or line break (pattern ${pattern})`);
  const emulated = Object.keys(options).length > 0;
  return regexp.flags === defaultFlags && !emulated
    ? regexp.source
    : `${JSON.stringify(emulated ? [regexp.flags, options] : [regexp.flags])}\t${regexp.source}`;
}

/**
 * The grammar with each pattern replaced by its key, and the table of translations (one per line)
 * the keys point into. `language` names the table at run time.
 */
export function precompileGrammar(language: string, grammar: unknown): { grammar: unknown; lines: string[] } {
  if (!/^[\w-]+$/.test(language)) throw new Error(`shiki-precompile: language name ${language}`);
  const lines: string[] = [];
  const seen = new Map<string, string>();
  const encode = (pattern: string, key: string): string => {
    const { source, a, g } = sourceOf(pattern);
    const refs = key === "end" || key === "while" ? [...new Set([...source.matchAll(backReference)].map((match) => match[1]!))] : [];
    const signature = `${refs.length ? "t" : "p"}${pattern}`;
    const known = seen.get(signature);
    if (known) return known;
    if (refs.length && /[\uE000-\uE0FF]/.test(source)) throw new Error(`shiki-precompile: a placeholder character in ${pattern}`);
    const index = lines.length;
    // Allowed anchors per line: both → A0G0, A0G1, A1G0, A1G1; one → not allowed, allowed.
    const cases: [boolean, boolean][] =
      a && g
        ? [
            [false, false],
            [false, true],
            [true, false],
            [true, true],
          ]
        : a
          ? [
              [false, true],
              [true, true],
            ]
          : g
            ? [
                [true, false],
                [true, true],
              ]
            : [[true, true]];
    for (const [allowA, allowG] of cases) {
      let variant = a || g ? withAnchors(source, allowA, allowG) : source;
      if (refs.length)
        variant = variant.replace(backReference, (_match, number: string) => String.fromCharCode(placeholderBase + refs.indexOf(number)));
      lines.push(translate(variant));
    }
    const encoded = `${keyPrefix}${language}:${index}${a ? "A" : ""}${g ? "G" : ""}${a ? "\\A" : ""}${g ? "\\G" : ""}${refs.map((number) => `|\\${number}`).join("")}`;
    seen.set(signature, encoded);
    return encoded;
  };
  const walk = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, ""));
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walk(item, name)]));
    return typeof value === "string" && patternKeys.has(key) ? encode(value, key) : value;
  };
  return { grammar: walk(grammar, ""), lines };
}
