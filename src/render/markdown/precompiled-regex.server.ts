/**
 * The worker's regex engine for Shiki: the grammars' patterns were translated to JavaScript at
 * build time (scripts/vite/shiki-precompile.ts, plugin meridian:slim-shiki-data), each lang module
 * registers its table of translations here, and its grammar names them by key. A RegExp is built
 * when the tokenizer first asks for a pattern, as Shiki's JavaScript engine does after translating.
 * `vite` and the tests translate at run time instead (regex-engine.server.ts).
 */
import type { RegexEngine } from "shiki/core";
import { createJavaScriptRawEngine, JavaScriptScanner } from "shiki/engine/javascript";

const tables = new Map<string, readonly string[]>();

/** @public Called by each precompiled lang module (code the build writes): its translations, one a line. */
export function registerPatterns(language: string, lines: string): void {
  tables.set(language, lines.split("\n"));
}

/**
 * A key as the tokenizer passes it: language, line, which anchors the pattern has, each of them
 * as vscode-textmate left it (`\A`, `\G`, or U+FFFF for one not allowed here), then the captured
 * text for each back-reference, escaped by vscode-textmate and each after a `|`.
 */
const keyPattern = /^\uFDD0([\w-]+):(\d+)(A?)(G?)((?:\\[AG\uFFFF])*)([\s\S]*)$/;
const capturedText = /\|((?:\\[\s\S]|[^\\|])*)/g;
const defaultFlags = "dgv";

function compile(key: string): RegExp {
  const parts = keyPattern.exec(key);
  if (!parts) throw new Error(`not a precompiled pattern: ${key.slice(0, 60)}`);
  const [, language, index, a, g, anchors = "", captures] = parts;
  let variant = 0;
  if (a && g) variant = (anchors.startsWith("\\A") ? 2 : 0) + (anchors.endsWith("\\G") ? 1 : 0);
  else if (a || g) variant = anchors === "\\A" || anchors === "\\G" ? 1 : 0;
  const line = tables.get(language!)?.[Number(index) + variant];
  if (line === undefined) throw new Error(`no precompiled pattern ${language}:${index}`);
  const tab = line.indexOf("\t");
  const [flags, options] = tab < 0 ? [defaultFlags] : (JSON.parse(line.slice(0, tab)) as [string, EmulationOptions?]);
  let pattern = tab < 0 ? line : line.slice(tab + 1);
  if (captures) {
    const texts = [...captures.matchAll(capturedText)].map((match) => match[1]!.replace(/\\([\s\S])/g, "$1"));
    pattern = pattern.replace(/[\uE000-\uE0FF]/g, (placeholder) => literal(texts[placeholder.charCodeAt(0) - 0xe000] ?? ""));
  }
  return options ? new EmulatedRegExp(pattern, flags, options) : new RegExp(pattern, flags);
}

/** How oniguruma-to-es writes these characters outside a class (getCharEscape, flag v). */
const namedEscapes: Readonly<Record<number, string>> = {
  9: "\\t",
  10: "\\n",
  11: "\\v",
  12: "\\f",
  13: "\\r",
  8232: "\\u2028",
  8233: "\\u2029",
  65279: "\\uFEFF",
};

/** Text to match literally, written as oniguruma-to-es writes a literal outside a class. */
function literal(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const named = namedEscapes[code];
    if (named) out += named;
    else if (code < 32 || (code > 126 && code < 160) || code > 262143) {
      out += code > 255 ? `\\u{${code.toString(16).toUpperCase()}}` : `\\x${code.toString(16).toUpperCase().padStart(2, "0")}`;
    } else out += "$()*+.?[\\]^{|}".includes(char) ? `\\${char}` : char;
  }
  return out;
}

interface EmulationOptions {
  hiddenCaptures?: number[];
  strategy?: string | null;
}

/**
 * What oniguruma-to-es' EmulatedRegExp does for the translations that need it, as far as the
 * tokenizer reads a match (its index and indices): captures the translation added are hidden,
 * and `clip_search` (a `\G` it emulates with `^`) searches the string from lastIndex on.
 */
class EmulatedRegExp extends RegExp {
  /** The scanner reads the strategy here: a clip_search pattern's searches are not reused. */
  readonly rawOptions: EmulationOptions;
  readonly #hidden: ReadonlySet<number>;

  constructor(pattern: string, flags: string, options: EmulationOptions) {
    super(pattern, flags);
    this.rawOptions = options;
    this.#hidden = new Set(options.hiddenCaptures ?? []);
  }

  override exec(text: string): RegExpExecArray | null {
    const from = this.lastIndex;
    if (this.rawOptions.strategy === "clip_search" && (this.global || this.sticky) && from) {
      this.lastIndex = 0;
      const match = this.#visible(super.exec(text.slice(from)));
      if (match) {
        match.index += from;
        match.input = text;
        if (match.indices) {
          for (let i = 0; i < match.indices.length; i++) {
            const range = match.indices[i];
            if (range) match.indices[i] = [range[0] + from, range[1] + from];
          }
          const groups = match.indices.groups;
          if (groups) for (const [name, range] of Object.entries(groups)) if (range) groups[name] = [range[0] + from, range[1] + from];
        }
        this.lastIndex += from;
      }
      return match;
    }
    return this.#visible(super.exec(text));
  }

  #visible(match: RegExpExecArray | null): RegExpExecArray | null {
    if (!match || !this.#hidden.size) return match;
    const all = [...match];
    const indices = match.indices ? [...match.indices] : undefined;
    match.length = 1;
    if (match.indices) match.indices.length = 1;
    for (let i = 1; i < all.length; i++) {
      if (this.#hidden.has(i)) continue;
      match.push(all[i]!);
      if (indices) match.indices!.push(indices[i]!);
    }
    return match;
  }
}

/** Shiki's JavaScript engine, its patterns looked up instead of translated. */
export function createRegexEngine(): RegexEngine {
  const { createString } = createJavaScriptRawEngine();
  const options = { cache: new Map<string, RegExp | Error>(), regexConstructor: compile };
  return { createScanner: (patterns) => new JavaScriptScanner(patterns, options), createString };
}
