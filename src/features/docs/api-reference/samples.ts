import type { ApiOperation } from "./types";

/**
 * An operation's code samples: those written in the document (`x-codeSamples`) first, then the
 * ones generated from the operation (never typed by hand) for the languages the document does not
 * cover: the same request in curl, Python (requests), TypeScript (fetch) and Go (net/http), with
 * the operation's example path parameters, its required query parameters, headers with examples,
 * and its example body. The key comes from the environment variable `MERIDIAN_TOKEN` in every
 * generated sample, the one the docs, the CLI and the Terraform provider use.
 */

export interface CodeSample {
  /** What the sample is written in: curl, python, typescript, javascript, go, or the document's own word. */
  language: string;
  /** Tab label. */
  label: string;
  /** Fence language (the docs' Markdown highlights it when it knows it). */
  highlight: string;
  code: string;
  /** Written in the OpenAPI document, or generated from the operation. */
  origin: "document" | "generated";
}

/** The environment variable every generated sample reads the key from. */
export const keyVariable = "MERIDIAN_TOKEN";

/** A document's `lang` (Redocly's words, any case) as a sample language and its fence language. */
function languageOf(lang: string): { language: string; highlight: string } {
  const word = lang.trim().toLowerCase();
  if (["curl", "shell", "bash", "sh"].includes(word)) return { language: "curl", highlight: "bash" };
  if (["python", "py"].includes(word)) return { language: "python", highlight: "python" };
  if (["typescript", "ts"].includes(word)) return { language: "typescript", highlight: "ts" };
  if (["javascript", "js", "node", "node.js", "nodejs"].includes(word)) return { language: "javascript", highlight: "js" };
  if (["go", "golang"].includes(word)) return { language: "go", highlight: "go" };
  const slug =
    word
      .replace(/#/g, "sharp")
      .replace(/\+/g, "p")
      .replace(/[^a-z0-9]+/g, "") || "text";
  return { language: slug, highlight: slug };
}

/** The samples an operation's document wrote for it, in its order. */
export function writtenSamples(operation: ApiOperation): CodeSample[] {
  return (operation.codeSamples ?? []).map(({ lang, label, source }) => ({
    ...languageOf(lang),
    // A tab label is one line of text inside a fence's attribute.
    label: label.replace(/["\n\r]/g, " ").trim() || lang,
    code: `${source}\n`,
    origin: "document" as const,
  }));
}

interface RequestParts {
  method: string;
  url: string;
  query: [string, string][];
  headers: [string, string][];
  body: unknown;
  hasBody: boolean;
}

const scalarText = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

/** The example request an operation documents. */
function exampleRequest(operation: ApiOperation, baseUrl: string): RequestParts {
  let path = operation.path;
  const query: [string, string][] = [];
  const headers: [string, string][] = [];
  for (const parameter of operation.parameters) {
    const example = parameter.example;
    if (parameter.in === "path") {
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(scalarText(example ?? parameter.name)));
    } else if (parameter.in === "query" && parameter.required) {
      if (example !== undefined && example !== null) query.push([parameter.name, scalarText(example)]);
    } else if (parameter.in === "header" && example !== undefined && example !== null) {
      headers.push([parameter.name, scalarText(example)]);
    }
  }
  const hasBody = operation.requestBody !== null && operation.requestBody.example !== undefined && operation.requestBody.example !== null;
  return {
    method: operation.method,
    url: baseUrl.replace(/\/+$/, "") + path,
    query,
    headers,
    body: hasBody ? operation.requestBody?.example : null,
    hasBody,
  };
}

function fullUrl(parts: RequestParts): string {
  if (!parts.query.length) return parts.url;
  return `${parts.url}?${new URLSearchParams(parts.query).toString()}`;
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function curlSample(parts: RequestParts, secured: boolean): string {
  const lines = [`curl -X ${parts.method} ${shellQuote(fullUrl(parts))}`];
  if (secured) lines.push(`-H "Authorization: Bearer $${keyVariable}"`);
  for (const [name, value] of parts.headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (parts.hasBody) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(parts.body, null, 2))}`);
  }
  return lines.join(" \\\n  ");
}

/** A JSON value as a Python literal. */
function pythonLiteral(value: unknown, indent = ""): string {
  const inner = `${indent}    `;
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "None";
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    return `[\n${value.map((item) => `${inner}${pythonLiteral(item, inner)},`).join("\n")}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return "{}";
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, inner)},`).join("\n")}\n${indent}}`;
}

function pythonSample(parts: RequestParts, secured: boolean): string {
  const headers: string[] = [];
  if (secured) headers.push(`"Authorization": f"Bearer {os.environ['${keyVariable}']}"`);
  for (const [name, value] of parts.headers) headers.push(`${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  const args = [`    ${JSON.stringify(parts.url)},`];
  if (headers.length) args.push(`    headers={\n${headers.map((header) => `        ${header},`).join("\n")}\n    },`);
  if (parts.query.length) args.push(`    params=${pythonLiteral(Object.fromEntries(parts.query), "    ")},`);
  if (parts.hasBody) args.push(`    json=${pythonLiteral(parts.body, "    ")},`);
  return [
    "import os",
    "",
    "import requests",
    "",
    `response = requests.request(\n    ${JSON.stringify(parts.method)},\n${args.join("\n")}\n)`,
    "response.raise_for_status()",
    `print(response.json() if response.content else response.status_code)`,
    "",
  ].join("\n");
}

function typescriptSample(parts: RequestParts, secured: boolean): string {
  const headers: string[] = [];
  if (secured) headers.push(`    Authorization: \`Bearer \${process.env.${keyVariable}}\`,`);
  for (const [name, value] of parts.headers) headers.push(`    ${JSON.stringify(name)}: ${JSON.stringify(value)},`);
  if (parts.hasBody) headers.push(`    "Content-Type": "application/json",`);
  const init = [`  method: ${JSON.stringify(parts.method)},`];
  if (headers.length) init.push(`  headers: {\n${headers.join("\n")}\n  },`);
  if (parts.hasBody) init.push(`  body: JSON.stringify(${JSON.stringify(parts.body, null, 2).replace(/\n/g, "\n  ")}),`);
  return [
    `const response = await fetch(${JSON.stringify(fullUrl(parts))}, {`,
    ...init,
    "});",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample's own template string
    "if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);",
    "const text = await response.text();",
    "console.log(text ? JSON.parse(text) : response.status);",
    "",
  ].join("\n");
}

/** A Go string literal: a raw string unless the text contains a backquote. */
const goString = (text: string) => (text.includes("`") ? JSON.stringify(text) : `\`${text}\``);

function goSample(parts: RequestParts, secured: boolean): string {
  const imports = ['"fmt"', '"io"', '"net/http"'];
  if (secured) imports.push('"os"');
  if (parts.hasBody) imports.push('"strings"');
  const lines = ["package main", "", "import (", ...imports.sort().map((name) => `\t${name}`), ")", "", "func main() {"];
  if (parts.hasBody) lines.push(`\tbody := strings.NewReader(${goString(JSON.stringify(parts.body, null, 2))})`);
  lines.push(
    `\treq, err := http.NewRequest(${JSON.stringify(parts.method)}, ${JSON.stringify(fullUrl(parts))}, ${parts.hasBody ? "body" : "nil"})`,
  );
  lines.push("\tif err != nil {", "\t\tpanic(err)", "\t}");
  if (secured) lines.push(`\treq.Header.Set("Authorization", "Bearer "+os.Getenv(${JSON.stringify(keyVariable)}))`);
  for (const [name, value] of parts.headers) lines.push(`\treq.Header.Set(${JSON.stringify(name)}, ${JSON.stringify(value)})`);
  if (parts.hasBody) lines.push(`\treq.Header.Set("Content-Type", "application/json")`);
  lines.push(
    "\tres, err := http.DefaultClient.Do(req)",
    "\tif err != nil {",
    "\t\tpanic(err)",
    "\t}",
    "\tdefer res.Body.Close()",
    "\tout, err := io.ReadAll(res.Body)",
    "\tif err != nil {",
    "\t\tpanic(err)",
    "\t}",
    "\tfmt.Println(res.Status, string(out))",
    "}",
    "",
  );
  return lines.join("\n");
}

/** The four samples generated from an operation against `baseUrl` (the API's, or the mock's in tests). */
export function generatedSamples(operation: ApiOperation, baseUrl: string): CodeSample[] {
  const parts = exampleRequest(operation, baseUrl);
  const origin = "generated" as const;
  return [
    { language: "curl", label: "cURL", highlight: "bash", code: curlSample(parts, operation.secured), origin },
    { language: "python", label: "Python", highlight: "python", code: pythonSample(parts, operation.secured), origin },
    { language: "typescript", label: "TypeScript", highlight: "ts", code: typescriptSample(parts, operation.secured), origin },
    { language: "go", label: "Go", highlight: "go", code: goSample(parts, operation.secured), origin },
  ];
}

/**
 * What the reference shows for an operation: the document's samples, then the generated ones in
 * the languages it has none for (its author's sample wins over ours in the same language).
 */
export function codeSamples(operation: ApiOperation, baseUrl: string): CodeSample[] {
  const written = writtenSamples(operation);
  const covered = new Set(written.map((sample) => sample.language));
  return [...written, ...generatedSamples(operation, baseUrl).filter((sample) => !covered.has(sample.language))];
}
