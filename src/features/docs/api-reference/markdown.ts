import { t } from "../../../i18n";
import { codeSamples } from "./samples";
import { apiSections } from "./sections";
import { type ApiOperation, type ApiReference, type ApiSchema, apiOperationHref, apiTagHref, apiVersionRoot } from "./types";

/**
 * The API reference as Markdown, for `.md` pages and llms.txt: the same parts as the HTML
 * pages (parameters, body and responses as nested lists, examples, generated samples).
 */

function fenced(code: string, language: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${code.replace(/\n$/, "")}\n${fence}`;
}

function typeOf(schema: ApiSchema): string {
  if (schema["x-circular"]) return schema["x-circular"];
  if (schema.oneOf) return "one of";
  if (schema.anyOf) return "any of";
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const main = types.find((type) => type !== "null") ?? (schema.properties ? "object" : "any");
  const label = main === "array" && schema.items ? `array of ${typeOf(schema.items)}` : schema.format ? `${main}, ${schema.format}` : main;
  return types.includes("null") ? `${label} or null` : label;
}

function facts(schema: ApiSchema, required: boolean): string {
  const list = [typeOf(schema)];
  if (required) list.push("required");
  if (schema.enum) list.push(`one of ${schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(", ")}`);
  if (schema.const !== undefined) list.push(`always \`${JSON.stringify(schema.const)}\``);
  if (schema.default !== undefined) list.push(`default \`${JSON.stringify(schema.default)}\``);
  if (schema.minimum !== undefined) list.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined) list.push(`max ${schema.maximum}`);
  if (schema.minLength !== undefined) list.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) list.push(`max length ${schema.maxLength}`);
  if (schema.maxItems !== undefined) list.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) list.push(`pattern \`${schema.pattern}\``);
  if (schema.readOnly) list.push("read-only");
  return list.join(", ");
}

function schemaLines(schema: ApiSchema, indent: string, depth: number): string[] {
  if (depth > 8 || schema["x-circular"]) return [];
  const target = schema.items && !schema.properties ? schema.items : schema;
  const lines: string[] = [];
  const required = new Set(target.required ?? []);
  for (const [name, property] of Object.entries(target.properties ?? {})) {
    lines.push(`${indent}- \`${name}\` (${facts(property, required.has(name))})${property.description ? `: ${property.description}` : ""}`);
    lines.push(...schemaLines(property, `${indent}  `, depth + 1));
  }
  const alternatives = target.oneOf ?? target.anyOf;
  if (alternatives) {
    lines.push(`${indent}- ${t(target.oneOf ? "docs.api_exactly_one_of" : "docs.api_any_of")}:`);
    for (const alternative of alternatives) {
      lines.push(`${indent}  - **${alternative.title ?? alternative["x-name"] ?? typeOf(alternative)}**`);
      lines.push(...schemaLines(alternative, `${indent}    `, depth + 1));
    }
  }
  return lines;
}

/** A page's Markdown file: title, summary, canonical URL, then the body. */
const page = (title: string, summary: string, url: string, body: string) =>
  `# ${title}\n\n${summary ? `> ${summary}\n\n` : ""}Source: ${url}\n\n${body.trim()}\n`;

/*
 * `version`: an earlier API version's segment (`v1`), whose files link to its own pages; null or
 * left out for the latest's (decision 027).
 */

export function overviewFile(
  reference: ApiReference,
  overview: string,
  absolute: (path: string) => string,
  version: string | null = null,
): string {
  const tags = reference.tags.map(
    (tag) => `- [${tag.name}](${absolute(`${apiTagHref(tag.slug, version)}.md`)})${tag.description ? `: ${tag.description}` : ""}`,
  );
  return page(
    reference.info.title,
    reference.info.summary,
    absolute(apiVersionRoot(version)),
    `${overview}\n\n## ${t(apiSections.resources.label)}\n\n${tags.join("\n")}`,
  );
}

export function tagFile(
  reference: ApiReference,
  tagSlug: string,
  absolute: (path: string) => string,
  version: string | null = null,
): string | null {
  const tag = reference.tags.find((candidate) => candidate.slug === tagSlug);
  if (!tag) return null;
  const operations = reference.operations
    .filter((operation) => operation.tag === tag.name)
    .map(
      (operation) =>
        `- [${operation.summary}](${absolute(`${apiOperationHref(tag.slug, operation.slug, version)}.md`)}): \`${operation.method} ${operation.path}\``,
    );
  return page(tag.name, tag.description, absolute(apiTagHref(tag.slug, version)), operations.join("\n"));
}

export function operationFile(
  reference: ApiReference,
  operation: ApiOperation,
  absolute: (path: string) => string,
  version: string | null = null,
): string {
  const parts = [
    `\`${operation.method} ${operation.path}\` (operation \`${operation.id}\`${operation.secured ? ", needs an API key" : ""})`,
  ];
  if (operation.deprecated) parts.push(`**${t("docs.api_deprecated")}.** ${t("docs.api_deprecated_notice")}`);
  if (operation.description) parts.push(operation.description);
  if (operation.parameters.length) {
    parts.push(
      `## ${t(apiSections.parameters.label)}`,
      operation.parameters
        .map(
          (parameter) =>
            `- \`${parameter.name}\` (${parameter.in}, ${facts(parameter.schema, parameter.required)})${parameter.description ? `: ${parameter.description}` : ""}`,
        )
        .join("\n"),
    );
  }
  const body = operation.requestBody;
  if (body) {
    parts.push(`## ${t(apiSections.requestBody.label)}`, `\`${body.contentType}\`${body.required ? ", required" : ""}`);
    if (body.schema) parts.push(schemaLines(body.schema, "", 0).join("\n"));
    if (body.example != null) parts.push(fenced(JSON.stringify(body.example, null, 2), "json"));
  }
  parts.push(`## ${t(apiSections.responses.label)}`);
  for (const response of operation.responses) {
    parts.push(`### ${response.status}`, response.description);
    if (response.schema) parts.push(schemaLines(response.schema, "", 0).join("\n"));
    if (response.example != null) parts.push(fenced(JSON.stringify(response.example, null, 2), "json"));
  }
  parts.push(`## ${t(apiSections.codeSamples.label)}`);
  for (const sample of codeSamples(operation, reference.servers[0]?.url ?? ""))
    parts.push(`${sample.label}:`, fenced(sample.code, sample.highlight));
  return page(
    operation.summary,
    `${operation.method} ${operation.path}`,
    absolute(apiOperationHref(operation.tagSlug, operation.slug, version)),
    parts.filter(Boolean).join("\n\n"),
  );
}
