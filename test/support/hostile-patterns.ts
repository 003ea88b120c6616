/**
 * Regular expressions an editor (a form field's pattern) or an OpenAPI document could hand the
 * site, one per class of catastrophic backtracking, each with a 200-character value that makes
 * JavaScript's engine take seconds to years on it, and a value it matches. The site runs them on
 * RE2 (src/lib/linear-regexp.ts), where each takes well under a millisecond. Pure: imported by the
 * unit and the worker tests.
 */
export interface HostilePattern {
  kind: "exponential" | "overlapping alternatives" | "polynomial" | "alternation";
  pattern: string;
  /** Does not match; on a backtracking engine, the slow case. */
  hostile: string;
  /** Matches the whole of it. */
  matching: string;
}

export const hostilePatterns: readonly HostilePattern[] = [
  { kind: "exponential", pattern: "(a+)+b", hostile: `${"a".repeat(199)}!`, matching: `${"a".repeat(199)}b` },
  { kind: "overlapping alternatives", pattern: "(a|aa)*c", hostile: `${"a".repeat(199)}!`, matching: `${"a".repeat(199)}c` },
  // Spaces inside the value: forms trim the ends before checking.
  { kind: "polynomial", pattern: "a\\s*\\s*\\s*\\s*\\s*b", hostile: `a${" ".repeat(198)}!`, matching: `a${" ".repeat(198)}b` },
  { kind: "alternation", pattern: "(a|a)*b", hostile: `${"a".repeat(199)}!`, matching: `${"a".repeat(199)}b` },
];

/**
 * Runs `run` while a RegExp built from text containing any of `patterns` throws instead: the code
 * under test must not hand them to JavaScript's engine. Without this guard a regression would hang
 * the test run (a synchronous match cannot be timed out) instead of failing it.
 */
export async function withoutBacktracking<T>(patterns: readonly string[], run: () => T | Promise<T>): Promise<T> {
  const original = globalThis.RegExp;
  const check = (source: unknown) => {
    const text = source instanceof original ? source.source : String(source);
    const found = patterns.find((pattern) => text.includes(pattern));
    if (found !== undefined) throw new Error(`a pattern from data reached JavaScript's backtracking engine: ${found}`);
  };
  const guard = new Proxy(original, {
    construct(target, args) {
      check(args[0]);
      return Reflect.construct(target, args);
    },
    apply(target, thisArgument, args) {
      check(args[0]);
      return Reflect.apply(target, thisArgument, args);
    },
  });
  globalThis.RegExp = guard;
  try {
    return await run();
  } finally {
    globalThis.RegExp = original;
  }
}
