/**
 * Syntax highlighting for documentation code blocks: Shiki's fine-grained core with the
 * JavaScript regex engine (no WASM, nothing loaded at run time; in the worker's build the grammars'
 * patterns come translated already), a fixed set of grammars and one light theme, all imported
 * statically so the worker bundle holds exactly these.
 *
 * The site's CSP has `style-src 'self'`, which also blocks `style` attributes, so tokens carry
 * classes (`hl-<hex colour>`, `hl-i`/`hl-b`/`hl-u`/`hl-s`) and the colours live in
 * markdown.css beside it. `highlightCss()` generates those rules from the theme; a test checks
 * the stylesheet contains them.
 */
import docker from "@shikijs/langs/docker";
import diff from "@shikijs/langs/diff";
import go from "@shikijs/langs/go";
import hcl from "@shikijs/langs/hcl";
import json from "@shikijs/langs/json";
import python from "@shikijs/langs/python";
import shellscript from "@shikijs/langs/shellscript";
import sql from "@shikijs/langs/sql";
import toml from "@shikijs/langs/toml";
import typescript from "@shikijs/langs/typescript";
import yaml from "@shikijs/langs/yaml";
import githubLight from "@shikijs/themes/github-light";
import { createShikiPrimitive, type ShikiPrimitive, type ThemedToken, tokenizeWithTheme } from "shiki/core";
import { escapeText } from "../../lib/html-text";
import { grammarFor } from "./languages";
import { createRegexEngine } from "./regex-engine.server";

const themeName = "github-light";
/** Theme foreground: tokens in this colour get no class (they inherit it from the block). */
const defaultColor = "#24292e";
const defaultBackground = "#ffffff";
/** github-light's orange (#e36209, 3.5:1 on white) darkened to pass WCAG AA (5.5:1). */
const colorReplacements: Readonly<Record<string, string>> = { "#e36209": "#b04a00" };

/** Blocks longer than this are shown as plain text: highlighting cost grows with the input. */
const maxHighlightedChars = 40_000;
/** Longer lines (minified data, base64) are left untokenised. */
const maxTokenizedLineLength = 1_000;

let highlighter: ShikiPrimitive | undefined;

/**
 * Created on first use, not at import: a worker's global scope has a small CPU budget. Shiki's
 * primitive and its tokenizer, not its highlighter: we write the HTML from tokens ourselves, and
 * the highlighter object would take Shiki's HTML serializer (hast-util-to-html and its tables)
 * and ANSI support into the worker, about 16 kB gzipped.
 */
function getHighlighter(): ShikiPrimitive {
  highlighter ??= createShikiPrimitive({
    themes: [githubLight],
    langs: [shellscript, python, typescript, yaml, json, hcl, toml, docker, sql, go, diff],
    engine: createRegexEngine(),
  });
  return highlighter;
}

/**
 * Highlighted HTML of `code` (its lines as `<span class="line">`, joined by newlines), or null
 * when the language is not supported or the block is too large. Never throws.
 */
export function highlight(code: string, language: string): string | null {
  const grammar = grammarFor(language);
  if (!grammar || code.length > maxHighlightedChars) return null;
  try {
    const shiki = getHighlighter();
    const { theme, colorMap } = shiki.setTheme(themeName);
    const lines = tokenizeWithTheme(code, shiki.getLanguage(grammar), theme, colorMap, {
      colorReplacements,
      tokenizeMaxLineLength: maxTokenizedLineLength,
      // Shiki's per-line limit (default 500 ms) also counts the lazy compilation of a grammar's
      // regexes on first use: a cold TypeScript line can exceed it, and the rest of the line then
      // comes out as one unstyled token. In workerd the clock does not advance during synchronous
      // work anyway, so the real guards are the size limits above.
      tokenizeTimeLimit: 10_000,
    });
    return lines.map((line) => `<span class="line">${line.map(tokenHtml).join("")}</span>`).join("\n");
  } catch (error) {
    console.warn(`highlighting ${language} failed:`, error);
    return null;
  }
}

/** Shiki's FontStyle flags. */
const fontStyleClasses: readonly [number, string][] = [
  [1, "hl-i"],
  [2, "hl-b"],
  [4, "hl-u"],
  [8, "hl-s"],
];

/**
 * Whether a token colour gets a class. Near-white foregrounds are meant for a background colour
 * (diff markers, `carriage-return`) that token classes do not carry: those inherit the ink.
 */
function hasColorClass(color: string): boolean {
  if (color === defaultColor || !/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(color)) return false;
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.85;
}

function tokenHtml(token: ThemedToken): string {
  const classes: string[] = [];
  const color = token.color?.toLowerCase();
  if (color && hasColorClass(color)) classes.push(colorClass(color));
  const style = token.fontStyle ?? 0;
  if (style > 0) for (const [flag, name] of fontStyleClasses) if (style & flag) classes.push(name);
  const text = escapeText(token.content);
  return classes.length ? `<span class="${classes.join(" ")}">${text}</span>` : text;
}

const colorClass = (color: string) => `hl-${color.replace(/[^0-9a-f]/g, "")}`;

/**
 * The stylesheet rules the highlighted HTML needs: one class per colour of the theme, font
 * styles, and the block's own colours.
 */
export function highlightCss(): string {
  const colors = new Set<string>();
  for (const rule of githubLight.tokenColors ?? []) {
    const declared = (rule.settings as { foreground?: string }).foreground?.toLowerCase();
    const foreground = declared ? (colorReplacements[declared] ?? declared) : undefined;
    if (foreground && hasColorClass(foreground)) colors.add(foreground);
  }
  const rules = [
    `.code-block pre { color: ${defaultColor}; background: ${defaultBackground}; }`,
    ...[...colors].sort().map((color) => `.${colorClass(color)} { color: ${color}; }`),
    ".hl-i { font-style: italic; }",
    ".hl-b { font-weight: 600; }",
    ".hl-u { text-decoration: underline; }",
    ".hl-s { text-decoration: line-through; }",
  ];
  return rules.join("\n");
}
