// What a regular expression from data may be, shared by the CMS and the site. The site runs every
// pattern that comes from the CMS or an OpenAPI document on RE2 (re2js, src/lib/linear-regexp.ts):
// time linear in the input whatever the pattern, where JavaScript's backtracking engine takes
// seconds on `(a+)+b` against 30 letters. RE2 has no back-references and no look-around, so
// Directus refuses a form field whose pattern uses them when it is saved (the flow "Form field
// check on save" runs `formFieldOnSave`), and the site treats such a pattern as no pattern check.
// The functions run inside the flow's script operation too, so each is self-contained:
// `formFieldCheckFlowScript` sends their source text to Directus.

/**
 * Why RE2 cannot run `pattern` as JavaScript means it, or null: back-references (`\1`,
 * `\k<name>`), look-around (`(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`), a backspace class `[\b]`, a
 * Unicode property written `\p{Name=Value}`, and counted repetitions above 1000, nested ones
 * multiplied (`(a{100}){20}`). Other syntax errors are JavaScript's to report.
 * @param {string} pattern
 * @returns {string | null}
 */
export function linearPatternProblem(pattern) {
  const propertyProblem =
    "The pattern names a Unicode property as \\p{Name=Value}, which the site's matcher does not know; write a category such as \\p{L} or \\p{Lu}.";
  // Per open group: the largest product of counted repetitions inside it (RE2's limit is 1000).
  const groups = [{ inner: 1 }];
  /** What a quantifier here would repeat: 1 for a character or class, a group's inner product. */
  let last = null;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const top = groups[groups.length - 1];
    if (c === "\\") {
      const next = pattern[i + 1] ?? "";
      if (next === "k" || (next >= "1" && next <= "9"))
        return "The pattern uses a back-reference (\\1, \\k<name>), which the site's linear-time matcher cannot run; write it without one.";
      if ((next === "p" || next === "P" || next === "u") && pattern[i + 2] === "{") {
        const end = pattern.indexOf("}", i + 3);
        if (next !== "u" && pattern.slice(i + 3, end).includes("=")) return propertyProblem;
        if (end !== -1) i = end;
        else i++;
      } else i++;
      last = 1;
    } else if (c === "[") {
      for (i++; i < pattern.length && pattern[i] !== "]"; i++) {
        if (pattern[i] !== "\\") continue;
        if (pattern[i + 1] === "b") return "The pattern uses [\\b] (a backspace), which the site's matcher does not know; write \\x08.";
        if ((pattern[i + 1] === "p" || pattern[i + 1] === "P") && pattern[i + 2] === "{") {
          const end = pattern.indexOf("}", i + 3);
          if (pattern.slice(i + 3, end).includes("=")) return propertyProblem;
          if (end !== -1) i = end - 1;
        }
        i++;
      }
      last = 1;
    } else if (c === "(") {
      if (/^\(\?<?[=!]/.test(pattern.slice(i, i + 4)))
        return "The pattern uses a look-ahead or look-behind ((?=…), (?!…), (?<=…), (?<!…)), which the site's linear-time matcher cannot run; write it without one.";
      groups.push({ inner: 1 });
      last = null;
    } else if (c === ")") {
      const group = groups.length > 1 ? groups.pop() : { inner: 1 };
      const parent = groups[groups.length - 1];
      parent.inner = Math.max(parent.inner, group.inner);
      last = group.inner;
    } else if (c === "{" && last !== null && /^\{\d+(,\d*)?\}/.test(pattern.slice(i))) {
      const counted = /^\{(\d+)(?:,(\d*))?\}/.exec(pattern.slice(i));
      const min = Number(counted[1]);
      const max = counted[2] === undefined ? min : counted[2] === "" ? -1 : Number(counted[2]);
      // As RE2 counts it: the largest count (the smallest when there is no largest), times what it repeats.
      const times = max === -1 ? min : max;
      if (min > 1000 || max > 1000 || times * last > 1000)
        return "The pattern repeats something more than 1000 times ({n} counts, nested ones multiplied), more than the site's matcher allows.";
      top.inner = Math.max(top.inner, times * last);
      i += counted[0].length - 1;
      last = null;
    } else if (c === "*" || c === "+" || c === "?" || c === "|") {
      last = null;
    } else {
      last = 1;
    }
  }
  return null;
}

/**
 * The editor-facing problem with a form field's pattern, or null: it must be a JavaScript regular
 * expression (the site matches it against the whole value, like the HTML `pattern` attribute) that
 * the site's linear-time matcher can run. Empty means no pattern.
 * @param {unknown} pattern
 * @returns {string | null}
 */
export function formPatternProblem(pattern) {
  if (pattern === null || pattern === undefined || pattern === "") return null;
  if (typeof pattern !== "string") return "The pattern must be text.";
  try {
    // Compiled, never run: whether JavaScript reads it at all, on its own and as the site wraps it.
    new RegExp(pattern, "u");
    new RegExp(`^(?:${pattern})$`, "u");
  } catch (error) {
    return `The pattern is not a valid regular expression: ${error instanceof Error ? error.message : error}.`;
  }
  return linearPatternProblem(pattern);
}

/**
 * The flow's check of a form field being saved: its new pattern, if the save sets one. Throws the
 * problem (the editor sees it); returns the payload to save otherwise.
 * @param {{ $trigger: { payload?: Record<string, unknown> } }} data
 */
export function formFieldOnSave(data) {
  const payload = data.$trigger.payload ?? {};
  if ("pattern" in payload) {
    const problem = formPatternProblem(payload.pattern);
    if (problem) throw new Error(problem);
  }
  return payload;
}

/** The source of the flow's script operation: the functions above and an entry calling `formFieldOnSave`. */
export function formFieldCheckFlowScript() {
  const parts = [linearPatternProblem, formPatternProblem, formFieldOnSave];
  return `${parts.map((fn) => fn.toString()).join("\n\n")}\n\nmodule.exports = async function (data) {\n  return formFieldOnSave(data);\n};\n`;
}
