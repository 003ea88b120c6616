/**
 * The fence languages documentation code blocks highlight, and their display names. Kept apart
 * from highlight.server.ts so that rendering can name a language without loading Shiki.
 */

/**
 * Fence languages (lower-case) → grammar. JavaScript is highlighted with the TypeScript grammar:
 * TypeScript's syntax is a superset for what docs show, and the JavaScript grammar would add
 * 16 kB gzip (185 kB raw) to the worker.
 */
const grammarOf: Readonly<Record<string, string>> = {
  bash: "shellscript",
  sh: "shellscript",
  shell: "shellscript",
  shellscript: "shellscript",
  zsh: "shellscript",
  console: "shellscript",
  python: "python",
  py: "python",
  typescript: "typescript",
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  javascript: "typescript",
  js: "typescript",
  mjs: "typescript",
  cjs: "typescript",
  yaml: "yaml",
  yml: "yaml",
  json: "json",
  jsonc: "json",
  json5: "json",
  hcl: "hcl",
  terraform: "hcl",
  tf: "hcl",
  toml: "toml",
  dockerfile: "docker",
  docker: "docker",
  sql: "sql",
  go: "go",
  golang: "go",
  diff: "diff",
  patch: "diff",
};

/** Display names for the code block header. */
const languageLabels: Readonly<Record<string, string>> = {
  shellscript: "Shell",
  python: "Python",
  typescript: "TypeScript",
  yaml: "YAML",
  json: "JSON",
  hcl: "HCL",
  toml: "TOML",
  docker: "Dockerfile",
  sql: "SQL",
  go: "Go",
  diff: "Diff",
};

/** Grammar for a fence language, or null when it is not highlighted. */
export function grammarFor(language: string): string | null {
  return grammarOf[language.toLowerCase()] ?? null;
}

/** "Python", "Shell", … for a fence language; null when it is not highlighted. */
export function languageLabel(language: string): string | null {
  const grammar = grammarFor(language);
  return grammar ? (languageLabels[grammar] ?? null) : null;
}
