import type { Context } from "hono";
import { type Passage, passageIndex } from "../ask/index.server";
import {
  changelogEntriesQuery,
  changelogEntryHref,
  changelogKinds,
  productFacets,
  reshapeChangelogEntry,
  type ChangelogEntry,
} from "../changelog";
import { apiOperationHref, codeSamples, isApiVersionName, operationFile, type ApiOperation, type ApiReference } from "../docs";
import { docsMarkdown, loadApiReferenceVersion, loadApiVersions } from "../docs/index.server";
import { analyticsQuery, htmlToText, maxLimit, maxQueryLength, normalizeQuery, siteSearchQuery, type SearchResult } from "../search";
import { kindsFound, writeSearchPoint } from "../search/index.server";
import type { AppEnv } from "../../env";
import { errorFields, logLine } from "../../lib/log";
import { InvalidArguments, type Tool, type ToolResult } from "./protocol";

/*
 * The MCP server's tools: the site's own reads (the search index, the `.md` rendering of docs and
 * API pages, the processed OpenAPI document, the changelog query) through the request's content
 * client, so they are KV-cached by content generation like the pages and never see a draft or a
 * scheduled item (the server turns previews off for /mcp: app.ts).
 */

type McpContext = Context<AppEnv>;

const searchKinds = ["docs", "api", "changelog", "blog"] as const;
type McpSearchKind = (typeof searchKinds)[number];
const defaultSearchLimit = 8;
const defaultChangesLimit = 20;
/** An entry's text in list_changes is cut here: a model asks get_page or opens the URL for more. */
const changeTextLength = 700;
/** A search result's passage is cut near here: enough to answer from or to tell whether to read the page. */
const excerptLength = 600;

const absolute = (c: McpContext, path: string) => new URL(path, c.env.SITE_URL).toString();
const text = (value: string, structuredContent?: Record<string, unknown>): ToolResult => ({
  content: [{ type: "text", text: value }],
  ...(structuredContent ? { structuredContent } : {}),
});
/** A tool-level failure the model can recover from (no such page): a result with isError, not a protocol error. */
const failure = (value: string): ToolResult => ({ content: [{ type: "text", text: value }], isError: true });
const segments = (parts: SearchResult["title"]) => parts.map((part) => part.text).join("");

/** What an MCP client calls a result: the site search's kinds, with the API and the changelog told apart from docs pages. */
function kindOf(result: SearchResult): string {
  if (result.kind === "post") return "blog";
  if (result.kind !== "doc") return result.kind;
  if (result.url.startsWith("/docs/api")) return "api";
  if (result.url.startsWith("/changelog")) return "changelog";
  return "docs";
}

/**
 * An AI tool's search in the search analytics (source "mcp"). It has no visitor, so there is no
 * consent to ask: the point holds the normalised query and counts only, never who asked. With a
 * kind the index does not hold (api, changelog), the count is of those among the first results.
 */
function recordSearch(c: McpContext, query: string, kind: McpSearchKind | undefined, results: number, kinds: readonly string[]): void {
  const kept = analyticsQuery(query);
  if (!kept) return;
  writeSearchPoint(c.env, { query: kept, results, kinds: results ? kinds : [], kindFilter: kind ?? "", source: "mcp" });
}

/**
 * The version a search asks for: undefined for none or the latest's name (the search's default),
 * an earlier version's name; another name is an argument error that lists the versions.
 */
async function earlierVersionAsked(c: McpContext, asked: string | undefined): Promise<string | undefined> {
  const name = asked?.trim();
  if (!name) return undefined;
  const { versions } = await loadApiVersions(c.get("content"));
  const entry = versions.find((candidate) => candidate.name === name);
  if (!entry) {
    const names = versions.map((candidate) => (candidate.latest ? `${candidate.name} (latest)` : candidate.name)).join(", ");
    throw new InvalidArguments(`No API version ${JSON.stringify(name)}. Versions: ${names || "none published"}.`);
  }
  return entry.latest ? undefined : entry.name;
}

/**
 * The passages (ask's: a docs page's text between its h2/h3 headings, an API operation, a
 * changelog entry) by URL: the site search's documents are the same units under the same URLs,
 * so a result of kind doc has its passage here. Null when they cannot be read (the results
 * keep their snippets).
 */
async function passagesByUrl(c: McpContext): Promise<Map<string, Passage> | null> {
  try {
    const index = await passageIndex(c.env.CONTENT_CACHE, c.get("content"));
    return new Map(index.passages.map((passage) => [passage.id, passage]));
  } catch (error) {
    logLine("warn", "mcp_passages_failed", errorFields(error));
    return null;
  }
}

/**
 * A passage's text cut to about `excerptLength` characters around the first place a matched word
 * stands (from the start of its sentence), at word boundaries, with an ellipsis where cut.
 */
export function passageExcerpt(text: string, matched: readonly string[], max = excerptLength): string {
  if (text.length <= max) return text;
  const lower = text.toLowerCase();
  const at = matched
    .map((word) => lower.indexOf(word.toLowerCase()))
    .filter((index) => index >= 0)
    .reduce((first, index) => Math.min(first, index), Number.POSITIVE_INFINITY);
  let start = 0;
  if (Number.isFinite(at) && at > max / 3) {
    const sentence = Math.max(text.lastIndexOf(". ", at), text.lastIndexOf("? ", at), text.lastIndexOf("! ", at));
    start = sentence >= 0 && at - sentence < max / 2 ? sentence + 2 : Math.max(0, text.lastIndexOf(" ", at - 40) + 1);
    start = Math.min(start, Math.max(0, text.length - max));
  }
  let end = Math.min(text.length, start + max);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start + max * 0.8) end = space;
  }
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}

const searchTool: Tool<McpContext> = {
  name: "search",
  title: "Search the Meridian docs",
  description:
    "Full-text search over Meridian Cloud's public site: documentation guides (GPU clusters, managed Kubernetes, object storage, AI Studio inference API, CLI), API reference operations, changelog entries and blog posts. Use it first to find which page answers a question; then read a docs page with get_page or an API operation with get_api_operation. Returns ranked results with title, absolute URL, kind and an excerpt: a docs result is the part of a page under one heading and its URL ends with that heading's #anchor (the page itself when the match is in its title or introduction), an API result is one operation, a changelog result one entry; the excerpt is that passage's text, cut near the words that matched. Filter with kind when you know what you want: 'docs' for guides, 'api' for REST operations, 'changelog' for release notes, 'blog' for articles. Queries are keywords (e.g. 'node pool autoscaling', 'create cluster', 'presigned url'), typo-tolerant. API operations are the latest API version's; pass version (e.g. 'v1') to find an earlier version's operations instead.",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", description: "Keywords to search for (1 to 200 characters).", minLength: 1, maxLength: maxQueryLength },
      kind: {
        type: "string",
        enum: searchKinds,
        description: "Only results of this kind: docs, api, changelog or blog. Leave out to search everything.",
      },
      limit: {
        type: "integer",
        minimum: 1,
        maximum: 20,
        default: defaultSearchLimit,
        description: "How many results to return (default 8).",
      },
      version: {
        type: "string",
        maxLength: 10,
        description:
          "An earlier API version (e.g. 'v1') whose reference operations to return instead of the latest's. Leave out for the latest; other kinds of results are the same for every version.",
      },
    },
    required: ["query"],
    additionalProperties: false,
  },
  async run(args, c) {
    const { query } = normalizeQuery(args.query);
    const kind = args.kind as McpSearchKind | undefined;
    const limit = (args.limit as number | undefined) ?? defaultSearchLimit;
    const version = await earlierVersionAsked(c, args.version as string | undefined);
    // docs, api and changelog are one kind ("doc") in the index: ask for the most and keep those asked for.
    const { siteSearch } = await c.get("content").query(siteSearchQuery, {
      q: query,
      limit: kind ? maxLimit : Math.min(limit, maxLimit),
      ...(kind ? { kind: kind === "blog" ? "post" : "doc" } : {}),
      ...(version ? { version } : {}),
    });
    const kept = siteSearch.results.filter((result) => !kind || kindOf(result) === kind);
    const shown = kept.slice(0, limit);
    const passages = shown.some((result) => result.kind === "doc") ? await passagesByUrl(c) : null;
    const results = shown.map((result) => {
      const passage = result.kind === "doc" ? passages?.get(result.url) : undefined;
      const matched = [...result.title, ...result.snippet].filter((part) => part.match).map((part) => part.text);
      return {
        title: segments(result.title),
        url: absolute(c, result.url),
        kind: kindOf(result),
        ...(result.section ? { section: result.section } : {}),
        snippet: segments(result.snippet),
        ...(passage?.text ? { excerpt: passageExcerpt(passage.text, matched) } : {}),
        ...(result.date ? { date: result.date.slice(0, 10) } : {}),
      };
    });
    const found = kept;
    recordSearch(
      c,
      query,
      kind,
      kind ? found.length : siteSearch.total,
      kind ? [kind === "blog" ? "post" : "doc"] : kindsFound(siteSearch.counts),
    );
    if (!results.length) {
      return text(`No results for "${query}"${kind ? ` among ${kind}` : ""}. Try other or fewer keywords${kind ? ", or no kind" : ""}.`, {
        query,
        results: [],
      });
    }
    const lines = results.map(
      (result, index) =>
        `${index + 1}. ${result.title} (${result.kind}${result.section ? `, ${result.section}` : ""}${result.date ? `, ${result.date}` : ""})\n   ${result.url}${(result.excerpt ?? result.snippet) ? `\n   ${result.excerpt ?? result.snippet}` : ""}`,
    );
    const scope = [kind, version && `API ${version}`].filter(Boolean).join(", ");
    return text(`Results for "${query}"${scope ? ` (${scope})` : ""}:\n\n${lines.join("\n\n")}`, { query, results });
  },
};

/** `/docs/x/y`, `https://site/docs/x/y.md#part`, `docs/x/y` → `x/y`; null for an address outside the docs. */
function docsPathOf(c: McpContext, input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim().startsWith("docs/") ? `/${input.trim()}` : input.trim(), c.env.SITE_URL);
  } catch {
    return null;
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  path = path.replace(/\.md$/, "").replace(/\/+$/, "");
  return path.startsWith("/docs/") ? path.slice("/docs/".length) : null;
}

const getPageTool: Tool<McpContext> = {
  name: "get_page",
  title: "Read a docs page as Markdown",
  description:
    "Returns one page of the Meridian Cloud documentation or API reference as Markdown: title, summary, canonical URL and the full text with code blocks. Pass the page's URL or path as search returned it (e.g. https://…/docs/kubernetes/gpu-node-pools or /docs/kubernetes/gpu-node-pools). Use it to read a guide before answering from it. For one API operation, get_api_operation gives the same text plus structured parameters and schemas; for release notes use list_changes.",
  inputSchema: {
    type: "object",
    properties: {
      url: {
        type: "string",
        description: "The page's URL or path under /docs/ (a trailing .md and a #fragment are accepted).",
        minLength: 1,
        maxLength: 500,
      },
    },
    required: ["url"],
    additionalProperties: false,
  },
  async run(args, c) {
    const path = docsPathOf(c, args.url as string);
    if (path === null || !path) {
      return failure(
        `${JSON.stringify(args.url)} is not a documentation page: get_page reads pages under ${absolute(c, "/docs/")} (use search to find one; list_changes for the changelog).`,
      );
    }
    const found = await docsMarkdown(c, path);
    if (!found) return failure(`No published documentation page at ${absolute(c, `/docs/${path}`)}. Use search to find the right page.`);
    return text(found.markdown, { url: found.canonical, markdown: found.markdown });
  },
};

/** Finds an operation by id, by "METHOD /path" or by its reference URL. */
function findOperation(reference: ApiReference, input: string, c: McpContext): ApiOperation | null {
  const wanted = input.trim();
  const lower = wanted.toLowerCase();
  const byId = reference.operations.find((operation) => operation.id.toLowerCase() === lower);
  if (byId) return byId;
  const methodAndPath = /^([a-z]+)\s+(\S+)$/i.exec(wanted);
  if (methodAndPath) {
    const [, method, path] = methodAndPath as unknown as [string, string, string];
    const found = reference.operations.find(
      (operation) => operation.method.toLowerCase() === method.toLowerCase() && operation.path === path.replace(/\/+$/, ""),
    );
    if (found) return found;
  }
  const docsPath = docsPathOf(c, wanted);
  if (docsPath?.startsWith("api/")) {
    const [tagSlug, slug] = apiPathParts(docsPath).rest;
    return reference.operations.find((operation) => operation.tagSlug === tagSlug && operation.slug === slug) ?? null;
  }
  return null;
}

/** `api/v1/clusters/create-cluster` → version v1 and the rest; `api/clusters/create-cluster` → no version. */
function apiPathParts(docsPath: string): { version: string | null; rest: string[] } {
  const [, first, ...rest] = docsPath.split("/");
  return first && isApiVersionName(first) ? { version: first, rest } : { version: null, rest: [first ?? "", ...rest] };
}

/** The version an operation is asked in: the argument, else the one its reference URL names, else null (the latest). */
function askedVersion(args: Record<string, unknown>, c: McpContext): string | null {
  if (typeof args.version === "string" && args.version.trim()) return args.version.trim();
  const docsPath = docsPathOf(c, String(args.operation ?? ""));
  return docsPath?.startsWith("api/") ? apiPathParts(docsPath).version : null;
}

const getOperationTool: Tool<McpContext> = {
  name: "get_api_operation",
  title: "Get an API operation",
  description:
    "Returns one operation of the Meridian Cloud REST API from its OpenAPI reference: method, path, summary, description, parameters (path, query, header) with types and constraints, the request body schema, every response with its schema and example, and ready-to-run code samples (those the API's authors wrote for it first, origin 'document', then ones generated from it in curl, Python, TypeScript and Go; the key is read from the MERIDIAN_TOKEN environment variable). Identify the operation by its operationId (e.g. createCluster), by method and path (e.g. 'POST /v1/clusters') or by its reference URL from search. Answers from the latest API version unless you pass version (e.g. 'v1') or a URL of an earlier version's page; the answer says which version it is from and whether the operation is deprecated. Use it when writing or debugging code that calls the API; use search with kind 'api' to find an operation by what it does.",
  inputSchema: {
    type: "object",
    properties: {
      operation: {
        type: "string",
        description: "operationId (createCluster), 'METHOD /path' (POST /v1/clusters) or the operation's reference URL.",
        minLength: 1,
        maxLength: 500,
      },
      version: {
        type: "string",
        description: "The API version to answer from (e.g. v1). Leave out for the latest.",
        minLength: 1,
        maxLength: 16,
      },
    },
    required: ["operation"],
    additionalProperties: false,
  },
  async run(args, c) {
    const content = c.get("content");
    const { versions } = await loadApiVersions(content);
    const latest = versions.find((entry) => entry.latest);
    if (!latest) return failure("The API reference is not published yet.");
    const asked = askedVersion(args, c);
    const entry = asked ? versions.find((candidate) => candidate.name === asked) : latest;
    if (!entry) {
      const names = versions.map((candidate) => (candidate.latest ? `${candidate.name} (latest)` : candidate.name)).join(", ");
      throw new InvalidArguments(`No API version ${JSON.stringify(asked)}. Versions: ${names}.`);
    }
    const loaded = await loadApiReferenceVersion(content, entry.latest ? null : entry.name);
    if (!loaded) return failure("The API reference is not published yet.");
    const { reference } = loaded;
    const segment = entry.latest ? null : entry.name;
    const operation = findOperation(reference, args.operation as string, c);
    if (!operation) {
      const known = reference.operations.map((candidate) => `${candidate.id} (${candidate.method} ${candidate.path})`).join(", ");
      return failure(
        `No operation ${JSON.stringify(args.operation)} in ${entry.name} of the ${reference.info.title}. Operations: ${known}.`,
      );
    }
    const url = absolute(c, apiOperationHref(operation.tagSlug, operation.slug, segment));
    const markdown = operationFile(reference, operation, (path) => absolute(c, path), segment);
    const versionLine = entry.latest
      ? `API version ${entry.name} (the latest).`
      : `API version ${entry.name}; the latest is ${latest.name}.`;
    return text(`${versionLine}\n\n${markdown}`, {
      version: entry.name,
      latestVersion: latest.name,
      id: operation.id,
      method: operation.method,
      path: operation.path,
      summary: operation.summary,
      description: operation.description,
      deprecated: operation.deprecated,
      needsApiKey: operation.secured,
      url,
      baseUrl: reference.servers[0]?.url ?? null,
      parameters: operation.parameters,
      requestBody: operation.requestBody,
      responses: operation.responses,
      samples: codeSamples(operation, reference.servers[0]?.url ?? "").map(({ language, label, origin, code }) => ({
        language,
        label,
        origin,
        code,
      })),
    });
  },
};

const listChangesTool: Tool<McpContext> = {
  name: "list_changes",
  title: "List changelog entries",
  description:
    "Lists Meridian Cloud's changelog: new features, improvements, fixes and deprecations, newest first, each with its date, kind, products, URL and text. Filter by product (e.g. 'GPU Clusters', 'Kubernetes', 'AI Studio', 'API', 'CLI'), by kind and by date range. Use it to answer 'what changed', 'since when does X exist', or to check whether something a user relies on was deprecated. An unknown product is answered with the list of products.",
  inputSchema: {
    type: "object",
    properties: {
      product: {
        type: "string",
        description: "A product's name or slug, as the changelog names them (e.g. 'GPU Clusters' or 'gpu-clusters').",
        minLength: 1,
        maxLength: 100,
      },
      kind: { type: "string", enum: changelogKinds, description: "Only entries of this kind: new, improved, fixed or deprecated." },
      since: { type: "string", format: "date", description: "Only entries on or after this date (YYYY-MM-DD)." },
      until: { type: "string", format: "date", description: "Only entries on or before this date (YYYY-MM-DD)." },
      limit: {
        type: "integer",
        minimum: 1,
        maximum: 50,
        default: defaultChangesLimit,
        description: "How many entries to return at most (default 20).",
      },
    },
    additionalProperties: false,
  },
  async run(args, c) {
    const { changelog_entries } = await c.get("content").query(changelogEntriesQuery);
    const all = changelog_entries.map(reshapeChangelogEntry).filter((entry): entry is ChangelogEntry => entry !== null);
    const products = productFacets(all);
    const wanted = typeof args.product === "string" ? args.product.trim().toLowerCase() : "";
    const product = wanted ? products.find((candidate) => candidate.slug === wanted || candidate.name.toLowerCase() === wanted) : null;
    if (wanted && !product) {
      throw new InvalidArguments(
        `No product ${JSON.stringify(args.product)} in the changelog; the products are ${products.map((p) => p.name).join(", ")}.`,
      );
    }
    const since = args.since as string | undefined;
    const until = args.until as string | undefined;
    const limit = (args.limit as number | undefined) ?? defaultChangesLimit;
    const matching = all.filter((entry) => {
      if (args.kind && entry.kind !== args.kind) return false;
      if (product && !entry.products.some((p) => p.slug === product.slug)) return false;
      const day = entry.date?.slice(0, 10);
      if (since && (!day || day < since)) return false;
      if (until && (!day || day > until)) return false;
      return true;
    });
    const entries = matching.slice(0, limit).map((entry) => {
      const body = htmlToText(entry.html);
      return {
        date: entry.date?.slice(0, 10) ?? null,
        kind: entry.kind,
        title: entry.title,
        products: entry.products.map((p) => p.name),
        url: absolute(c, changelogEntryHref(entry.slug)),
        text: body.length > changeTextLength ? `${body.slice(0, changeTextLength).trimEnd()}…` : body,
      };
    });
    const filters = [product?.name, args.kind, since && `since ${since}`, until && `until ${until}`].filter(Boolean).join(", ");
    const heading = `${matching.length} changelog ${matching.length === 1 ? "entry" : "entries"}${filters ? ` (${filters})` : ""}${matching.length > entries.length ? `, the newest ${entries.length} shown` : ""}.`;
    const lines = entries.map(
      (entry) =>
        `- ${entry.date ?? "undated"} · ${entry.kind} · ${entry.products.join(", ") || "all products"}: ${entry.title}\n  ${entry.url}\n  ${entry.text}`,
    );
    return text([heading, ...lines].join("\n\n"), { total: matching.length, entries, products: products.map((p) => p.name) });
  },
};

export const mcpTools: readonly Tool<McpContext>[] = [searchTool, getPageTool, getOperationTool, listChangesTool];
