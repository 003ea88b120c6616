import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import githubLight from "@shikijs/themes/github-light";
import { createShikiPrimitive, type LanguageRegistration, tokenizeWithTheme } from "shiki/core";
import { createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor, type JavaScriptScanner } from "shiki/engine/javascript";
import type { Plugin } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { docsPages } from "../../src/features/docs/cms/seed/docs.mjs";
import { createRegexEngine } from "../../src/render/markdown/precompiled-regex.server";
import { slimShikiData } from "../../scripts/vite/plugins";
import { precompileGrammar, sourceOf, withAnchors } from "../../scripts/vite/shiki-precompile";

const root = join(import.meta.dirname, "../..");
const languages = ["shellscript", "python", "typescript", "yaml", "json", "hcl", "toml", "docker", "sql", "go", "diff"];
const langFile = (name: string) => createRequire(import.meta.url).resolve(`@shikijs/langs/${name}`);
const original = async (name: string) => ((await import(/* @vite-ignore */ langFile(name))) as { default: LanguageRegistration[] }).default;

// The lang modules as the worker's build writes them (plugin meridian:slim-shiki-data), imported
// from a temporary folder: they register their translations with precompiled-regex.server.ts.
const dir = mkdtempSync(join(tmpdir(), "shiki-precompiled-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const plugin = slimShikiData(root) as Plugin & { transform: (code: string, id: string) => Promise<{ code: string }> };
const precompiled = async (name: string) => {
  const file = langFile(name);
  const { code } = await plugin.transform(readFileSync(file, "utf8"), file);
  const out = join(dir, `${name}.mjs`);
  writeFileSync(out, code);
  return ((await import(/* @vite-ignore */ out)) as { default: LanguageRegistration[] }).default;
};

/** Code of each language: the seeded docs' blocks, and what exercises anchors and back-references. */
function samples(): [string, string][] {
  const fences: [string, string][] = [];
  for (const page of docsPages as { body: string }[]) {
    for (const match of page.body.matchAll(/```(\w+)[^\n]*\n([\s\S]*?)\n```/g)) fences.push([match[1]!, match[2]!]);
  }
  return [
    ...fences,
    [
      "shellscript",
      'cat <<EOF\n$HOME \u0024{x}\nEOF\ncat <<-\'END.1\'\n\tliteral $x\n\tEND.1\ncat <<"A-B" | wc\nA-B x\nA-B\nfor f in *.txt; do echo "$f" `date`; done',
    ],
    ["shellscript", 'x=$((1 + 2)) # comment\n[[ -n "$x" ]] && case $x in a|b) echo a;; *) :;; esac\ncat <<(x)\n(x)\n'],
    [
      "python",
      'r"\\d+" f"{x!r:>10}" b\'\\x00\' """doc\nstring""" rb\'\'\'raw\n\'\'\'\n@dec\nclass A(B):\n    def f(self, *a, **k) -> int: return 0x1F',
    ],
    [
      "typescript",
      "const re = /a(b)\\/c/giu;\nconst t = `a \u0024{b} \u0024{`c\u0024{d}`}`;\ntype X<T> = T extends [infer H, ...infer R] ? H : never;\n/** @param {string} x */\nexport default async function* g() { yield* [1]; }",
    ],
    ["yaml", "a: |\n  line\n   more\nb: >-\n  folded\nc: [1, {d: e}]\n- &anchor x\n- *anchor\n? complex\n: value\n"],
    ["hcl", "x = <<EOT\nhello \u0024{var.a}\nEOT\ny = <<-EOF\n  indented\n  EOF\nz = [for k, v in m : upper(k) if v]"],
    ["toml", "a = \"\"\"\nmulti\n\"\"\"\nb = '''lit'''\n[[t.u]]\nd = 1979-05-27T07:32:00Z"],
    ["sql", "CREATE OR REPLACE FUNCTION f() RETURNS int AS $$ SELECT 1 $$;\nselect `x`, 'it''s' from t -- c\n/* block */"],
    ["go", 'package p\nimport "fmt"\nfunc (r *R) M(a, b int) (c chan<- int) { s := `raw\nstring`; fmt.Println(s[1:]); return }'],
    ["docker", "FROM node:22 AS build\nRUN <<EOF\napt-get update\nEOF\nCOPY --from=build /a /b"],
    ["diff", "--- a\n+++ b\n@@ -1 +1 @@\n-x\n+y\n\\ No newline"],
  ];
}

describe("Shiki's grammars precompiled for the worker", () => {
  it("highlight every sample exactly as the translating engine does", async () => {
    const options = { tokenizeMaxLineLength: 1_000, tokenizeTimeLimit: 10_000 };
    const translating = createShikiPrimitive({
      themes: [githubLight],
      langs: await Promise.all(languages.map(original)),
      engine: createJavaScriptRegexEngine(),
    });
    const looking = createShikiPrimitive({
      themes: [githubLight],
      langs: await Promise.all(languages.map(precompiled)),
      engine: createRegexEngine(),
    });
    const aliases: Record<string, string> = {
      bash: "shellscript",
      sh: "shellscript",
      ts: "typescript",
      js: "typescript",
      dockerfile: "docker",
    };
    const cases = samples().filter(([language]) => languages.includes(aliases[language] ?? language));
    expect(cases.length).toBeGreaterThan(30);
    for (const [language, code] of cases) {
      const grammar = aliases[language] ?? language;
      const tokens = (shiki: typeof translating) => {
        const { theme, colorMap } = shiki.setTheme("github-light");
        return tokenizeWithTheme(code, shiki.getLanguage(grammar), theme, colorMap, options);
      };
      expect(tokens(looking), `${language}: ${code.slice(0, 40)}`).toEqual(tokens(translating));
    }
  }, 60_000);

  it("build every pattern vscode-textmate can ask for as the translation of what it would have asked for", async () => {
    // vscode-textmate's escaping of a captured text it puts in for a back-reference.
    const escaped = (text: string) => text.replace(/[-\\{}*+?|^$.,[\]()#\s]/g, "\\$&");
    const texts = [
      "",
      "EOF",
      ...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)),
      "\u0085\u00a0é\u2028\u2029\ufeff\ue000\uffff",
      "😀\u{40000}\u{10ffff}",
      "a\\b c",
    ];
    const engine = createRegexEngine();
    const built = (key: string) => (engine.createScanner([key]) as unknown as JavaScriptScanner).regexps[0]!;
    let checked = 0;
    for (const language of languages) {
      for (const grammar of await original(language)) {
        const { grammar: encoded } = precompileGrammar(language, grammar);
        const pairs: [string, string, string][] = [];
        const walk = (a: unknown, b: unknown, key: string) => {
          if (typeof a === "string" && typeof b === "string" && a !== b) pairs.push([a, b, key]);
          else if (a && typeof a === "object" && b && typeof b === "object") {
            for (const name of Object.keys(a)) walk((a as Record<string, unknown>)[name], (b as Record<string, unknown>)[name], name);
          }
        };
        walk(grammar, encoded, "");
        await precompiled(language);
        for (const [pattern, key, kind] of pairs) {
          const { source, a, g } = sourceOf(pattern);
          const templated = (kind === "end" || kind === "while") && /\\\d/.test(source);
          for (const [allowA, allowG] of [
            [false, false],
            [false, true],
            [true, false],
            [true, true],
          ] as const) {
            for (const text of templated ? texts : [""]) {
              const fill = (value: string) => (templated ? value.replace(/\\(\d+)/g, () => escaped(text)) : value);
              const asked = a || g ? withAnchors(fill(source), allowA, allowG) : fill(source);
              const expected = defaultJavaScriptRegexConstructor(asked, { target: "auto" });
              const got = built(a || g ? withAnchors(fill(key), allowA, allowG) : fill(key));
              // As RegExp writes a source (oniguruma-to-es' EmulatedRegExp shows its pattern unescaped).
              const written = (regexp: RegExp) => [new RegExp(regexp.source, regexp.flags).source, regexp.flags];
              expect(written(got), `${language} ${kind} ${pattern} [${text}]`).toEqual(written(expected));
              const emulation = (regexp: RegExp) => {
                const options = (regexp as RegExp & { rawOptions?: { strategy?: unknown; hiddenCaptures?: unknown } }).rawOptions;
                return [options?.strategy ?? null, options?.hiddenCaptures ?? []];
              };
              expect(emulation(got)).toEqual(emulation(expected));
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(4 * 1000);
  }, 120_000);
});
