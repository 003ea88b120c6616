import type { ResolverContext } from "../../../content/extensions.server";
import { t } from "../../../i18n";
import type { DocHeading } from "../../../render/markdown/heading";
import { renderCodeBlock } from "../../../render/markdown/code-blocks.server";
import { renderMarkdownCached } from "../../../render/markdown/render-cache.server";
import { type LoadedApiReference, loadApiReferenceVersion, loadApiVersions } from "./load.server";
import { mockBaseFor } from "./mock.server";
import type { ApiPageCommon, ApiPageData } from "./page";
import { codeSamples, keyVariable, writtenSamples } from "./samples";
import { apiOverviewSections, apiSections, sectionHeading } from "./sections";
import { type ApiNavigation, type ApiOperation, type ApiReference, apiOperationHref, apiTagHref, apiVersionRoot } from "./types";
import { type ApiPageIdentity, type ApiVersionEntry, samePageIn, versionLinks } from "./versions";

/** A fence longer than any run of backquotes in `code`, so sample code never closes it early. */
function fenced(code: string, info: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${info}\n${code.replace(/\n$/, "")}\n${fence}`;
}

/** The overview's text: the document's introduction, then base URL, authentication, errors, pagination and rate limits. */
export function overviewMarkdown(reference: ApiReference): string {
  const parts = [reference.info.description];
  if (reference.servers.length) {
    parts.push(
      `## ${t(apiOverviewSections.baseUrl)}`,
      "| Server | URL |\n|---|---|\n" +
        reference.servers.map((server) => `| ${server.description || "Server"} | \`${server.url}\` |`).join("\n"),
      "Paths in this reference are relative to the base URL.",
    );
  }
  if (reference.securitySchemes.length) {
    parts.push(`## ${t(apiOverviewSections.authentication)}`);
    for (const scheme of reference.securitySchemes) {
      if (scheme.description) parts.push(scheme.description);
      if (scheme.type === "http" && scheme.scheme?.toLowerCase() === "bearer") {
        parts.push(
          fenced(
            `curl ${reference.servers[0]?.url ?? ""}${reference.operations[0]?.path ?? "/"} \\\n  -H "Authorization: Bearer $${keyVariable}"`,
            "bash",
          ),
        );
      } else if (scheme.type === "apiKey" && scheme.headerName) {
        parts.push(`Send the key in the \`${scheme.headerName}\` ${scheme.in ?? "header"}.`);
      }
    }
  }
  if (reference.guides.errors) parts.push(`## ${t(apiOverviewSections.errors)}`, reference.guides.errors);
  if (reference.guides.pagination) parts.push(`## ${t(apiOverviewSections.pagination)}`, reference.guides.pagination);
  if (reference.guides.rateLimits) parts.push(`## ${t(apiOverviewSections.rateLimits)}`, reference.guides.rateLimits);
  return parts.filter(Boolean).join("\n\n");
}

/** The code samples of an operation as one tab group (the docs' Markdown renders and highlights it). */
function samplesMarkdown(operation: ApiOperation, baseUrl: string): string {
  return codeSamples(operation, baseUrl)
    .map((sample) => fenced(sample.code, `${sample.highlight} tab="${sample.label}"`))
    .join("\n\n");
}

const exampleBlock = (value: unknown, title: string) =>
  renderCodeBlock(JSON.stringify(value, null, 2), { language: "json", attributes: { title } }, null);

/** The table of contents of an operation page: its description's headings, then the fixed parts. */
function operationHeadings(operation: ApiOperation, description: { headings: DocHeading[] }): DocHeading[] {
  return [
    ...description.headings,
    ...(operation.parameters.length ? [sectionHeading(apiSections.parameters)] : []),
    ...(operation.requestBody ? [sectionHeading(apiSections.requestBody)] : []),
    sectionHeading(apiSections.responses),
    sectionHeading(apiSections.codeSamples),
    sectionHeading(apiSections.tryIt),
  ];
}

/**
 * Pages already computed from one stored document, by version, tag and operation: the content
 * cache hands out the same objects until a document changes, so a page is built once per isolate
 * and version instead of on every request (previews read fresh objects and never hit this).
 */
const computed = new WeakMap<ApiReference, { versionsSource: unknown; pages: Map<string, ApiPageData | null> }>();

/** ApiReferencePage: the overview, a tag or an operation of a version (the latest without `version`); null when there is no such page. */
export async function resolveApiReferencePage(
  variables: Record<string, unknown>,
  context: ResolverContext,
): Promise<{ apiReferencePage: ApiPageData | null }> {
  const versionName = typeof variables.version === "string" ? variables.version : null;
  const [loaded, { versions, source }] = await Promise.all([
    loadApiReferenceVersion(context.content, versionName),
    loadApiVersions(context.content),
  ]);
  const entry = loaded && versions.find((candidate) => candidate.name === loaded.name && candidate.latest === loaded.latest);
  if (!loaded || !entry) return { apiReferencePage: null };
  let memo = computed.get(loaded.reference);
  if (!memo || memo.versionsSource !== source) {
    memo = { versionsSource: source, pages: new Map() };
    computed.set(loaded.reference, memo);
  }
  const key = `${String(variables.tag ?? "")}/${String(variables.operation ?? "")}@${loaded.updatedAt ?? ""}`;
  if (!memo.pages.has(key)) memo.pages.set(key, await computePage(variables, context, loaded, entry, versions));
  return { apiReferencePage: memo.pages.get(key) ?? null };
}

/** The parts of a page that depend on the versions: picker, notice and the addresses in it. */
function versionParts(entry: ApiVersionEntry, versions: ApiVersionEntry[], page: ApiPageIdentity) {
  const latest = versions.find((candidate) => candidate.latest);
  return {
    apiVersion: entry.name,
    versionSegment: entry.latest ? null : entry.name,
    latest: entry.latest || !latest ? null : { name: latest.name, href: samePageIn(latest, page), rootHref: apiVersionRoot(null) },
    versions: versionLinks(versions, entry.name, page),
  };
}

async function computePage(
  variables: Record<string, unknown>,
  { kv, siteUrl, apiBaseUrl, waitUntil }: ResolverContext,
  { reference, updatedAt, shareCards }: LoadedApiReference,
  entry: ApiVersionEntry,
  versions: ApiVersionEntry[],
): Promise<ApiPageData | null> {
  const navigation: ApiNavigation = entry.navigation;
  const segment = entry.latest ? null : entry.name;
  const render = (markdown: string, idPrefix: string) =>
    renderMarkdownCached(kv, markdown, { siteUrl, apiBaseUrl, idPrefix }, { waitUntil });
  const base = {
    title: reference.info.title,
    version: reference.info.version,
    summary: reference.info.summary,
    navigation,
    servers: reference.servers,
    updatedAt,
    mockBaseUrl: mockBaseFor(entry.latest ? null : entry.name),
  };
  const common = (page: ApiPageIdentity): ApiPageCommon => ({ ...base, ...versionParts(entry, versions, page) });
  const tagSlug = typeof variables.tag === "string" ? variables.tag : null;
  const operationSlug = typeof variables.operation === "string" ? variables.operation : null;
  if (!tagSlug) {
    const overview = await render(overviewMarkdown(reference), "api");
    return { ...common({ kind: "overview" }), kind: "overview", html: overview.html, headings: overview.headings };
  }
  const tag = reference.tags.find((candidate) => candidate.slug === tagSlug);
  if (!tag) return null;
  if (!operationSlug) {
    const description = await render(tag.description, "api-tag");
    const operations = reference.operations
      .filter((operation) => operation.tag === tag.name)
      .map(({ id, slug, method, path, summary }) => ({ id, slug, method, path, summary, href: apiOperationHref(tag.slug, slug, segment) }));
    return {
      ...common({ kind: "tag", tagSlug: tag.slug }),
      kind: "tag",
      tag: { name: tag.name, slug: tag.slug, href: apiTagHref(tag.slug, segment), html: description.html },
      operations,
    };
  }
  const operation = reference.operations.find((candidate) => candidate.tag === tag.name && candidate.slug === operationSlug);
  if (!operation) return null;
  const [description, samples] = await Promise.all([
    render(operation.description, "api-op"),
    render(samplesMarkdown(operation, reference.servers[0]?.url ?? ""), "api-samples"),
  ]);
  const examplesHtml: Record<string, string> = {};
  if (operation.requestBody?.example != null)
    examplesHtml.request = exampleBlock(operation.requestBody.example, t("docs.api_example_request"));
  for (const response of operation.responses) {
    if (response.example != null && response.contentType)
      examplesHtml[response.status] = exampleBlock(response.example, t("docs.api_example_status", { status: response.status }));
  }
  // The view gets the samples as HTML only.
  const { description: _description, codeSamples: _codeSamples, ...rest } = operation;
  return {
    ...common({ kind: "operation", operationId: operation.id }),
    kind: "operation",
    operation: rest,
    shareCardSrc: shareCards?.[operation.id] ? `${apiBaseUrl.replace(/\/$/, "")}/assets/${shareCards[operation.id]}` : null,
    tagHref: apiTagHref(tag.slug, segment),
    descriptionHtml: description.html,
    samplesHtml: samples.html,
    writtenSampleLabels: writtenSamples(operation).map((sample) => sample.label),
    keyVariable,
    examplesHtml,
    headings: operationHeadings(operation, description),
  };
}
