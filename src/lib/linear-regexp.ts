import { RE2JS } from "re2js";
import { linearPatternProblem } from "../../cms/scripts/pattern-rules.mjs";
import { logLine } from "./log";

/**
 * Regular expressions that come from data (an editor's form field pattern, an OpenAPI document's
 * `pattern`) run here, on RE2 (re2js), never on JavaScript's engine: RE2's time is linear in the
 * input whatever the pattern, where V8 backtracks for seconds on `(a+)+b` against 30 letters and
 * stalls every other request of the isolate meanwhile. Patterns are written in JavaScript's syntax
 * and translated; what RE2 cannot run (back-references, look-around) compiles to null, which
 * callers read as "no pattern check". The browser loads this module only on demand (re2js is
 * about 45 kB gzipped).
 */
export interface LinearPattern {
  /** Whether the whole value matches, like `^(?:pattern)$` (the HTML `pattern` attribute). */
  matchesWhole(value: string): boolean;
  /** Whether the pattern matches somewhere in the value (JSON Schema's `pattern`). */
  matchesIn(value: string): boolean;
}

const compiled = new Map<string, LinearPattern | null>();

/** `source` on RE2, or null when RE2 cannot run it as JavaScript would (logged once per pattern). */
export function linearPattern(source: string): LinearPattern | null {
  let pattern = compiled.get(source);
  if (pattern === undefined) {
    pattern = compile(source);
    if (compiled.size >= 256) compiled.clear();
    compiled.set(source, pattern);
  }
  return pattern;
}

function compile(source: string): LinearPattern | null {
  // Checked first: RE2's translation would read `\k<name>` as the letters "k<name>", not fail.
  const problem = linearPatternProblem(source);
  let re: RE2JS | null = null;
  let reason = problem;
  if (!problem) {
    try {
      re = RE2JS.compile(RE2JS.translateRegExp(source));
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
  }
  if (!re) {
    logLine("warn", "pattern_not_checked", { pattern: source.slice(0, 300), reason: reason?.slice(0, 300) });
    return null;
  }
  const engine = re;
  return { matchesWhole: (value) => engine.testExact(value), matchesIn: (value) => engine.test(value) };
}
