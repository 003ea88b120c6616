// biome-ignore-all lint/suspicious/noTemplateCurlyInString: TypeScript source text, compared and parsed, not templates
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { RE2JS } from "re2js";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { formFieldCheckFlowScript, formFieldOnSave, formPatternProblem, linearPatternProblem } from "../../cms/scripts/pattern-rules.mjs";
import { processApiDocument } from "../../cms/extensions/api-reference/process.mjs";
import { apiReferenceDocument } from "../../src/features/docs/cms/seed/api-reference.mjs";
import type { ApiReference } from "../../src/features/docs/api-reference/types";
import { validateValue } from "../../src/features/docs/api-reference/validate";
import { formErrors, formValuesSchema, rawFormSchema, reshapeForm } from "../../src/features/forms/form-schema";
import { linearPattern } from "../../src/lib/linear-regexp";
import { hostilePatterns, withoutBacktracking } from "../support/hostile-patterns";

/**
 * No regular expression from outside the code runs on JavaScript's backtracking engine: an
 * editor's form field pattern and an OpenAPI document's `pattern` run on RE2 (re2js, through
 * src/lib/linear-regexp.ts), in the worker and in the browser.
 */

const root = resolve(import.meta.dirname, "../..");

/**
 * Call sites whose first argument is not built from literals of the code alone, with why each
 * holds only the code's own text. A pattern from data never belongs here: it goes through
 * `linearPattern` instead.
 */
const allowed: { file: string; argument: string; reason: string }[] = [
  {
    file: "src/router/match.ts",
    argument: '`^${source || "/"}$`',
    reason: "the route matcher: built from the code's own route table (src/app/table.ts), literal segments escaped",
  },
  {
    file: "src/lib/sanitize-html.ts",
    argument: "`</${name}[\\\\s/>]`",
    reason: "element names from the sanitiser's own set of raw-text elements",
  },
  {
    file: "src/lib/sanitize-html.ts",
    argument: "`<(/?)${name}(?=[\\\\s/>])`",
    reason: "element names from the sanitiser's own set of elements dropped with their content",
  },
  {
    file: "src/render/markdown/precompiled-regex.server.ts",
    argument: "pattern",
    reason:
      "a code grammar's own pattern, translated at build time from the grammars the site ships; a back-reference's captured text goes in escaped as a literal, as Shiki's own translator writes it",
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const parsed = new Map<string, ts.SourceFile | null>();
function parse(path: string): ts.SourceFile | null {
  if (!parsed.has(path)) {
    let text: string | null = null;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      // not a TypeScript module (a .mjs file, a package): its constants are not followed
    }
    parsed.set(path, text === null ? null : ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true));
  }
  return parsed.get(path) ?? null;
}

/** The initializer of a module-level `const name`, or of the constant an import of it names (relative imports). */
function constantInitializer(file: ts.SourceFile, name: string): { file: ts.SourceFile; expression: ts.Expression } | null {
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer)
          return { file, expression: declaration.initializer };
      }
    }
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const bindings = statement.importClause?.namedBindings;
      const specifier = statement.moduleSpecifier.text;
      if (!bindings || !ts.isNamedImports(bindings) || !specifier.startsWith(".")) continue;
      const imported = bindings.elements.find((element) => element.name.text === name);
      if (!imported) continue;
      const base = resolve(dirname(file.fileName), specifier);
      for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
        const module = parse(candidate);
        if (module) return constantInitializer(module, (imported.propertyName ?? imported.name).text);
      }
    }
  }
  return null;
}

/** Whether `expression` is text of the code alone: literals, and constants defined from literals. */
function fromLiterals(file: ts.SourceFile, expression: ts.Expression, seen = new Set<string>()): boolean {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression) || ts.isRegularExpressionLiteral(expression))
    return true;
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression))
    return fromLiterals(file, expression.expression, seen);
  if (ts.isTemplateExpression(expression)) return expression.templateSpans.every((span) => fromLiterals(file, span.expression, seen));
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return fromLiterals(file, expression.left, seen) && fromLiterals(file, expression.right, seen);
  if (ts.isIdentifier(expression)) {
    const key = `${file.fileName}#${expression.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const constant = constantInitializer(file, expression.text);
    return constant !== null && fromLiterals(constant.file, constant.expression, seen);
  }
  return false;
}

interface CallSite {
  file: string;
  line: number;
  argument: string;
  literal: boolean;
}

/** Every `new RegExp(…)` and `RegExp(…)` (also `globalThis.RegExp`) in src/, outside tests. */
function regExpCallSites(): CallSite[] {
  const sites: CallSite[] = [];
  for (const path of sourceFiles(join(root, "src"))) {
    const file = parse(path)!;
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
        if (name === "RegExp") {
          const first = node.arguments?.[0];
          sites.push({
            file: relative(root, path),
            line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1,
            argument: first ? first.getText(file).replace(/\s+/g, " ") : "",
            literal: !first || fromLiterals(file, first),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return sites;
}

describe("regular expressions built at run time", () => {
  const sites = regExpCallSites();

  it("are built from the code's own text, or listed with a reason (data goes through linearPattern, on RE2)", () => {
    const unexplained = sites
      .filter((site) => !site.literal && !allowed.some((entry) => entry.file === site.file && entry.argument === site.argument))
      .map((site) => `${site.file}:${site.line} RegExp(${site.argument}, …)`);
    expect(unexplained).toEqual([]);
  });

  it("lists no call site that is gone, and none that reads as literals anyway", () => {
    const stale = allowed.filter(
      (entry) => !sites.some((site) => site.file === entry.file && site.argument === entry.argument && !site.literal),
    );
    expect(stale).toEqual([]);
  });

  it("tells literals and constants from anything else", () => {
    const check = (source: string) => {
      const file = ts.createSourceFile(join(root, "src/x.ts"), source, ts.ScriptTarget.Latest, true);
      const statement = file.statements.at(-1) as ts.ExpressionStatement;
      return fromLiterals(file, ((statement.expression as ts.NewExpression).arguments ?? [])[0]!);
    };
    expect(check('const a = "x"; new RegExp(`^${a}$`)')).toBe(true);
    expect(check('const a = "x" as const; const b = `${a}|y`; new RegExp(b + "z")')).toBe(true);
    expect(check('import { consentCookieName } from "./lib/consent"; new RegExp(`${consentCookieName}=`)')).toBe(true);
    expect(check('let a = "x"; new RegExp(a)')).toBe(false);
    expect(check("function f(a: string) { return a; } new RegExp(f('x'))")).toBe(false);
    expect(check("declare const field: { pattern: string }; new RegExp(`^(?:${field.pattern})$`)")).toBe(false);
  });
});

describe("a pattern from data on RE2", () => {
  it("reads JavaScript's syntax and matches the whole value or within it", () => {
    const digits = linearPattern("[0-9]{1,5}")!;
    expect([digits.matchesWhole("64"), digits.matchesWhole("640000"), digits.matchesIn("x64x")]).toEqual([true, false, true]);
    expect(linearPattern("caf\\u00e9|(?<word>tea)")!.matchesWhole("café")).toBe(true);
    expect(linearPattern("\\p{Lu}\\p{Ll}+")!.matchesWhole("Émile")).toBe(true);
    expect(linearPattern("a|ab")!.matchesWhole("ab")).toBe(true);
  });

  it.each([
    ["a back-reference", "(a)\\1"],
    ["a named back-reference", "(?<x>a)\\k<x>"],
    ["a look-ahead", "a(?=b)"],
    ["a negative look-behind", "(?<!a)b"],
    ["a property RE2 does not know", "\\p{Letter}+"],
    ["a repetition above RE2's limit", "(?:a{10}){101}"],
    ["a syntax error", "a)|(b"],
  ])("is no check for %s (never a throw)", (_name, source) => {
    expect(linearPattern(source)).toBeNull();
  });

  it("is checked when saved in the CMS by the same rules RE2 has (JavaScript's syntax errors too)", () => {
    const patterns = [
      "[0-9]{1,5}",
      "(a+)+b",
      "\\d{3}-\\d{4}",
      "[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,255}",
      "(?<area>\\d{3}) \\d+",
      "\\u{1F600}|\\u00e9",
      "[\\\\1]",
      "\\\\1",
      "(?:a{10}){100}",
      "(?:a{10}){101}",
      "(?:(?:a{2}){2}){251}",
      "a{1001}",
      "a{2,}{1}",
      "(a)\\1",
      "(?<x>a)\\k<x>",
      "a(?=b)",
      "a(?!b)",
      "(?<=a)b",
      "(?<!a)b",
      "[\\b]",
      "\\p{Script=Greek}",
      "[\\p{Script=Greek}a]",
      "[\\p{L}\\d]{2}",
      "\\p{L}+",
    ];
    for (const pattern of patterns) {
      let javaScript = true;
      try {
        new RegExp(pattern, "u");
      } catch {
        javaScript = false;
      }
      // RE2's translation reads a named back-reference as the letters "k<x>": compiled, but not what JavaScript means.
      let re2 = !pattern.includes("\\k<");
      try {
        RE2JS.compile(RE2JS.translateRegExp(pattern));
      } catch {
        re2 = false;
      }
      expect(formPatternProblem(pattern) === null, pattern).toBe(javaScript && re2);
      if (javaScript) expect(linearPatternProblem(pattern) === null, pattern).toBe(re2);
    }
  });

  it("refuses at save what the site cannot check, with the reason; the flow's script runs on its own", async () => {
    expect(() => formFieldOnSave({ $trigger: { payload: { pattern: "(a)\\1" } } })).toThrow(/back-reference/);
    expect(() => formFieldOnSave({ $trigger: { payload: { pattern: "a(?=b)" } } })).toThrow(/look-ahead/);
    expect(() => formFieldOnSave({ $trigger: { payload: { pattern: "[0-9" } } })).toThrow(/not a valid regular expression/);
    expect(formFieldOnSave({ $trigger: { payload: { pattern: "(a+)+b", label: "x" } } })).toEqual({ pattern: "(a+)+b", label: "x" });
    expect(formFieldOnSave({ $trigger: { payload: { pattern: null } } })).toEqual({ pattern: null });
    expect(formFieldOnSave({ $trigger: { payload: { label: "x" } } })).toEqual({ label: "x" });
    const script = formFieldCheckFlowScript();
    expect(script).not.toContain("{{");
    const module = { exports: null as unknown as (data: unknown) => Promise<unknown> };
    new Function("module", script)(module);
    await expect(module.exports({ $trigger: { payload: { pattern: "(?<!a)b" } } })).rejects.toThrow(/look-behind/);
    await expect(module.exports({ $trigger: { payload: { pattern: "[0-9]+" } } })).resolves.toEqual({ pattern: "[0-9]+" });
  });
});

describe("hostile patterns on 200-character values", () => {
  const sources = hostilePatterns.map((entry) => entry.pattern);

  it.each(hostilePatterns)(
    "a form field's $kind pattern $pattern is checked by the form's schema",
    async ({ pattern, hostile, matching }) => {
      const form = reshapeForm(
        rawFormSchema.parse({
          id: 1,
          key: "hostile",
          fields: [{ name: "code", type: "textarea", label: "Code", pattern, pattern_message: "Not a code" }],
        }),
      );
      const [refused, accepted] = await withoutBacktracking(
        sources,
        () =>
          [
            formValuesSchema(form, linearPattern).safeParse({ code: hostile }),
            formValuesSchema(form, linearPattern).safeParse({ code: matching }),
          ] as const,
      );
      expect(refused.success).toBe(false);
      expect(formErrors(refused.error!)).toEqual({ code: "Not a code" });
      expect(accepted.success).toBe(true);
    },
  );

  it.each(hostilePatterns)(
    "an OpenAPI document's $kind pattern $pattern is checked by the mock API's validator",
    async ({ pattern, hostile, matching }) => {
      const schema = { type: "string", pattern: `^(?:${pattern})$` };
      const [refused, accepted] = await withoutBacktracking(
        sources,
        () =>
          [
            validateValue({ name: hostile }, { type: "object", properties: { name: schema } }),
            validateValue({ name: matching }, { type: "object", properties: { name: schema } }),
          ] as const,
      );
      expect(refused).toEqual({ field: "name", message: `name must match ^(?:${pattern})$` });
      expect(accepted).toBeNull();
    },
  );

  it("leaves every pattern of the seeded API document checked on RE2", () => {
    const { reference } = processApiDocument(apiReferenceDocument) as { reference: ApiReference };
    const patterns = new Set<string>();
    const collect = (node: unknown) => {
      if (!node || typeof node !== "object") return;
      const pattern = (node as { pattern?: unknown }).pattern;
      if (typeof pattern === "string") patterns.add(pattern);
      for (const value of Object.values(node)) collect(value);
    };
    collect(reference.operations);
    expect(patterns.size).toBeGreaterThan(3);
    for (const pattern of patterns) expect(linearPattern(pattern), pattern).not.toBeNull();
  });
});
