import { Hono, type Context } from "hono";
import { stream } from "hono/streaming";
import { operationFile, overviewFile, tagFile } from "../api-reference";
import { loadApiReferenceVersion, loadApiVersions, overviewMarkdown, samePageIn } from "../api-reference/index.server";
import { apiOperationHref, apiReferencePath, apiTagHref, apiVersionRoot, isApiVersionName, usableReference } from "../api-reference";
import { apiReferenceQuery } from "../api-reference";
import { docsBodiesQuery, docsTreeQuery } from "../queries";
import type { AppEnv } from "../../../env";
import { t } from "../../../i18n";
import { prefersMarkdown } from "../../../lib/accept";
import { changelogFeedPath } from "../../changelog";
import { aiToolsDocsPath, mcpPath } from "../../../config/mcp";
import { publicHtmlCacheControl } from "../../../render/cache-policy";
import { buildDocsTree, docsPath, findDocsPage, type DocsTree } from "../tree";

/*
 * The docs for AI tools and people who prefer plain text: every page as Markdown at
 * `/docs/<path>.md` (and at the page's own address for a request whose Accept prefers
 * `text/markdown`), `/llms.txt` (the llms.txt convention: title, summary, links with
 * descriptions) and the whole docs in parts a tool can read: `/llms-full/<section>.txt` per docs
 * section, `/llms-full/api.txt` and `/llms-full/api/<tag>.txt` for the API reference, each under
 * `llmsPartCap` (a longer part ends with the address that continues it), with `/llms-full.txt`
 * their index. Published pages only: these addresses never show drafts, not even to an editor
 * in preview (app.ts keeps them public). Only the tree is read whole; page texts are read as
 * needed, a batch at a time, and parts stream: the worker's memory does not grow with the docs.
 */

const markdownType = "text/markdown; charset=utf-8";
const textType = "text/plain; charset=utf-8";
/** Pages whose Markdown a part of the full docs reads per query: the first query, and at most. */
const firstBatch = 10;
const bodiesPerBatch = 50;
/**
 * Bytes a part of the full docs stays under: what AI tools read whole without cutting (their
 * fetch tools keep about 100 kB). A part that would grow past it ends with the address of the
 * rest (`?from=<n>`); a single page larger than it is still sent whole, alone.
 */
export const llmsPartCap = 100_000;
/** Room kept under the cap for the line that names the rest. */
const continuationReserve = 400;
const llmsFullPrefix = "/llms-full";

async function loadTree(c: Context<AppEnv>): Promise<DocsTree> {
  const result = await c.get("content").query(docsTreeQuery);
  return buildDocsTree(result.docs_sections, result.docs_pages);
}

async function loadBodies(c: Context<AppEnv>, ids: string[]): Promise<Map<string, string>> {
  const result = await c.get("content").query(docsBodiesQuery, { ids });
  return new Map(result.docs_pages.map((page) => [page.id, page.body ?? ""]));
}

/** One page as a Markdown document: its title, summary and canonical URL, then the body as written. */
function pageMarkdown(title: string, description: string, url: string, body: string): string {
  return `# ${title}\n\n${description ? `> ${description}\n\n` : ""}Source: ${url}\n\n${body.trim()}\n`;
}

const absolute = (c: Context<AppEnv>, path: string) => new URL(path, c.env.SITE_URL).toString();

const notFound = (c: Context<AppEnv>) =>
  c.body(`No such part of the full documentation; ${absolute(c, "/llms-full.txt")} lists them.\n`, 404, {
    "Content-Type": textType,
    "Cache-Control": "public, max-age=0, s-maxage=60",
  });

/** `?from=<n>`: the first page of a part's continuation; null when it is not a whole number. */
function startOf(c: Context<AppEnv>): number | null {
  const from = c.req.query("from");
  if (from === undefined) return 0;
  return /^\d{1,6}$/.test(from) ? Number(from) : null;
}

async function latestReference(c: Context<AppEnv>) {
  const { api_reference } = await c.get("content").query(apiReferenceQuery);
  return usableReference(api_reference?.reference);
}

interface LlmsPart {
  title: string;
  path: string;
  description: string;
}

/** The parts of the full docs: one per docs section with pages, the API reference's overview, one per API tag (the latest version's). */
async function llmsParts(c: Context<AppEnv>, tree?: DocsTree): Promise<LlmsPart[]> {
  const docs = tree ?? (await loadTree(c));
  const parts: LlmsPart[] = docs.sections
    .filter((section) => docs.ordered.some((location) => location.section.id === section.id))
    .map((section) => ({
      title: section.title,
      path: `${llmsFullPrefix}/${section.href.slice(docsPath.length + 1)}.txt`,
      description: section.description,
    }));
  const { versions } = await loadApiVersions(c.get("content"));
  const api = versions.find((entry) => entry.latest)?.navigation;
  if (api) {
    parts.push({
      title: `${api.title}: overview`,
      path: `${llmsFullPrefix}/api.txt`,
      description: "base URL, authentication, errors, pagination, rate limits",
    });
    for (const tag of api.tags) {
      parts.push({
        title: `${api.title}: ${tag.name}`,
        path: `${llmsFullPrefix}/api/${encodeURIComponent(tag.slug)}.txt`,
        description: `${tag.operations.length} operations`,
      });
    }
  }
  return parts;
}

/**
 * One part of the full docs, streamed: a heading, then the files `files` yields from `from` on,
 * separated by rules, until the next would take the part past `llmsPartCap`; then a last line
 * with the address of the rest (the same part from that file on).
 */
function streamPart(
  c: Context<AppEnv>,
  title: string,
  description: string,
  from: number,
  total: number,
  /** The files from `from` on; `room()` says how many bytes the part has left. */
  files: (room: () => number) => AsyncGenerator<string>,
): Response {
  c.header("Content-Type", textType);
  c.header("Cache-Control", publicHtmlCacheControl);
  const encoder = new TextEncoder();
  return stream(c, async (out) => {
    const heading = `# ${c.env.SITE_NAME} documentation: ${title}\n\n${description ? `> ${description}\n\n` : ""}`;
    let written = encoder.encode(heading).length;
    await out.write(heading);
    let index = from;
    for await (const file of files(() => llmsPartCap - continuationReserve - written)) {
      const chunk = `${index > from ? "\n---\n\n" : ""}${file}`;
      const size = encoder.encode(chunk).length;
      if (index > from && written + size + continuationReserve > llmsPartCap) {
        const rest = new URL(c.req.url);
        rest.search = `?from=${index}`;
        await out.write(
          `\n---\n\nThis part continues (files ${index + 1} to ${total}) at ${absolute(c, `${rest.pathname}${rest.search}`)}\n`,
        );
        return;
      }
      await out.write(chunk);
      written += size;
      index += 1;
    }
  });
}

/**
 * `/docs/api.md`, `/docs/api/<tag>.md`, `/docs/api/<tag>/<operation>.md` (path without `/docs/`),
 * the same under `/docs/api/<version>/` for an earlier version (its canonical: the latest's same
 * page when the latest has it); null when there is no such page.
 */
async function apiMarkdown(c: Context<AppEnv>, path: string): Promise<{ markdown: string; canonical: string } | null> {
  const segments = path.split("/").slice(1);
  const version = segments[0] && isApiVersionName(segments[0]) ? segments.shift()! : null;
  const [tagSlug, operationSlug, ...rest] = segments;
  if (rest.length) return null;
  const loaded = await loadApiReferenceVersion(c.get("content"), version);
  if (!loaded || loaded.latest === Boolean(version)) return null;
  const { reference } = loaded;
  const link = (target: string) => absolute(c, target);
  const found = !tagSlug
    ? {
        markdown: overviewFile(reference, overviewMarkdown(reference), link, version),
        own: apiVersionRoot(version),
        identity: { kind: "overview" as const },
      }
    : !operationSlug
      ? (() => {
          const markdown = tagFile(reference, tagSlug, link, version);
          return markdown ? { markdown, own: apiTagHref(tagSlug, version), identity: { kind: "tag" as const, tagSlug } } : null;
        })()
      : (() => {
          const operation = reference.operations.find((candidate) => candidate.tagSlug === tagSlug && candidate.slug === operationSlug);
          return operation
            ? {
                markdown: operationFile(reference, operation, link, version),
                own: apiOperationHref(tagSlug, operationSlug, version),
                identity: { kind: "operation" as const, operationId: operation.id },
              }
            : null;
        })();
  if (!found) return null;
  if (!version) return { markdown: found.markdown, canonical: link(found.own) };
  const { versions } = await loadApiVersions(c.get("content"));
  const latest = versions.find((entry) => entry.latest);
  const inLatest = latest ? samePageIn(latest, found.identity) : null;
  // An earlier version's file says so under its title, with the same page in the latest.
  const note = latest
    ? `> ${t("docs.api_version_notice", { version: loaded.name, latest: latest.name })}${inLatest ? ` ${link(`${inLatest}.md`)}` : ""}\n\n`
    : "";
  const [heading, ...body] = found.markdown.split("\n\n");
  return { markdown: [heading, note.trimEnd(), ...body].filter(Boolean).join("\n\n"), canonical: link(inLatest ?? found.own) };
}

/**
 * One docs or API reference page as Markdown, by its path under `/docs/` without `.md`
 * (`kubernetes/node-pools`, `api/clusters/create-cluster`); null when no published page has it.
 * The `.md` files and the MCP server's get_page both answer through this, so both follow the
 * same rule: published pages only (the tree and bodies queries never read drafts or pages
 * scheduled ahead, and app.ts turns previews off for these addresses).
 */
export async function docsMarkdown(c: Context<AppEnv>, path: string): Promise<{ markdown: string; canonical: string } | null> {
  if (path === "api" || path.startsWith("api/")) {
    const found = await apiMarkdown(c, path);
    if (found) return found;
  }
  const tree = await loadTree(c);
  const location = path ? findDocsPage(tree, path) : null;
  if (!location) return null;
  const { page } = location;
  const canonical = absolute(c, page.href);
  const bodies = await loadBodies(c, [page.id]);
  return { markdown: pageMarkdown(page.title, page.description, canonical, bodies.get(page.id) ?? ""), canonical };
}

export const docsFileRoutes = new Hono<AppEnv>()
  .get("/llms.txt", async (c) => {
    const tree = await loadTree(c);
    const lines = [
      `# ${c.env.SITE_NAME} documentation`,
      "",
      `> Guides and references for ${c.env.SITE_NAME}, a cloud for AI: GPU clusters, managed Kubernetes, object storage, the AI Studio inference API and the CLI. Every page is available as Markdown at the links below.`,
      "",
    ];
    for (const section of tree.sections) {
      const pages = tree.ordered.filter((location) => location.section.id === section.id);
      if (!pages.length) continue;
      lines.push(`## ${section.title}`, "");
      if (section.description) lines.push(section.description, "");
      for (const { page } of pages) {
        lines.push(`- [${page.title}](${absolute(c, `${page.href}.md`)})${page.description ? `: ${page.description}` : ""}`);
      }
      lines.push("");
    }
    const { versions } = await loadApiVersions(c.get("content"));
    const [latest, ...earlier] = versions;
    const api = latest?.navigation;
    if (latest && api) {
      lines.push(
        "## API reference",
        "",
        `${api.title}, version ${latest.name} (the latest): every operation with its parameters, responses and code samples.`,
        "",
      );
      lines.push(`- [Overview](${absolute(c, `${apiReferencePath}.md`)}): base URL, authentication, errors, pagination, rate limits`);
      for (const tag of api.tags) {
        for (const operation of tag.operations) {
          lines.push(
            `- [${operation.summary}](${absolute(c, `${apiOperationHref(tag.slug, operation.slug)}.md`)}): \`${operation.method} ${operation.path}\``,
          );
        }
      }
      // Earlier versions by their overviews: each lists its own operations, and they are not what a reader should start from.
      for (const entry of earlier) {
        lines.push(`- [Version ${entry.name} (earlier)](${absolute(c, `${apiVersionRoot(entry.name)}.md`)}): its overview and operations`);
      }
      lines.push("");
    }
    lines.push(
      "## Optional",
      "",
      `- [All documentation, in full](${absolute(c, "/llms-full.txt")}): the index of the parts below, each under ${llmsPartCap / 1000} kB`,
      ...(await llmsParts(c, tree)).map((part) => `- [${part.title}, in full](${absolute(c, part.path)})`),
      `- [MCP server](${absolute(c, mcpPath)}): the same docs, API reference and changelog for AI tools over the Model Context Protocol (Streamable HTTP, read-only, no login); set-up: ${absolute(c, aiToolsDocsPath)}`,
      `- [Changelog](${absolute(c, changelogFeedPath)}): new features, improvements, fixes and deprecations, newest first (RSS)`,
      "",
    );
    return c.body(lines.join("\n"), 200, { "Content-Type": textType, "Cache-Control": publicHtmlCacheControl });
  })
  .get("/llms-full.txt", async (c) => {
    const parts = await llmsParts(c);
    const lines = [
      `# ${c.env.SITE_NAME} documentation, in full`,
      "",
      `> Every page of the ${c.env.SITE_NAME} documentation and API reference as Markdown, in parts of at most ${llmsPartCap / 1000} kB each (a longer part ends with the address of its rest). Read the parts a question needs; /llms.txt lists every page on its own.`,
      "",
      ...parts.map((part) => `- [${part.title}](${absolute(c, part.path)})${part.description ? `: ${part.description}` : ""}`),
      "",
    ];
    return c.body(lines.join("\n"), 200, { "Content-Type": textType, "Cache-Control": publicHtmlCacheControl });
  })
  .get(`${llmsFullPrefix}/:file`, async (c) => {
    const file = c.req.param("file");
    if (!file.endsWith(".txt")) return notFound(c);
    const slug = file.slice(0, -".txt".length);
    const from = startOf(c);
    if (from === null) return notFound(c);
    if (slug === "api") {
      const reference = await latestReference(c);
      if (!reference || from > 0) return notFound(c);
      const link = (target: string) => absolute(c, target);
      const tagParts = reference.tags.map((tag) => `- [${tag.name}, in full](${link(`${llmsFullPrefix}/api/${tag.slug}.txt`)})`);
      const overview = overviewFile(reference, overviewMarkdown(reference), link);
      return c.body(`${overview}\n## Every operation, by resource\n\n${tagParts.join("\n")}\n`, 200, {
        "Content-Type": textType,
        "Cache-Control": publicHtmlCacheControl,
      });
    }
    const tree = await loadTree(c);
    const section = tree.sections.find((candidate) => candidate.href === `${docsPath}/${encodeURIComponent(slug)}`);
    if (!section) return notFound(c);
    const pages = tree.ordered.filter((location) => location.section.id === section.id).map(({ page }) => page);
    if (from >= Math.max(1, pages.length)) return notFound(c);
    return streamPart(c, `${section.title}${from ? " (continued)" : ""}`, section.description, from, pages.length, async function* (room) {
      // A part ends at the cap and its continuation reads on from there: after a first batch,
      // each reads about as many pages as the room left holds at the pages' size so far.
      let read = 0;
      let readBytes = 0;
      for (let start = from; start < pages.length; ) {
        const size = read ? Math.ceil(room() / Math.max(1, readBytes / read)) + 1 : firstBatch;
        const batch = pages.slice(start, start + Math.min(bodiesPerBatch, Math.max(1, size)));
        start += batch.length;
        const bodies = await loadBodies(
          c,
          batch.map((page) => page.id),
        );
        for (const page of batch) {
          const file = pageMarkdown(page.title, page.description, absolute(c, page.href), bodies.get(page.id) ?? "");
          read += 1;
          readBytes += file.length;
          yield file;
        }
      }
    });
  })
  .get(`${llmsFullPrefix}/api/:file`, async (c) => {
    const file = c.req.param("file");
    const from = startOf(c);
    if (!file.endsWith(".txt") || from === null) return notFound(c);
    const reference = await latestReference(c);
    const tag = reference?.tags.find((candidate) => candidate.slug === file.slice(0, -".txt".length));
    if (!reference || !tag) return notFound(c);
    const link = (target: string) => absolute(c, target);
    // The tag's own file (its description and the list of its operations), then every operation as its `.md` has it.
    const operations = reference.operations.filter((operation) => operation.tagSlug === tag.slug);
    const files = [
      () => tagFile(reference, tag.slug, link) ?? "",
      ...operations.map((operation) => () => operationFile(reference, operation, link)),
    ];
    if (from >= files.length) return notFound(c);
    return streamPart(c, `${reference.info.title}: ${tag.name}${from ? " (continued)" : ""}`, "", from, files.length, async function* () {
      for (const write of files.slice(from)) yield write();
    });
  })
  .get(`${docsPath}/*`, async (c, next) => {
    const path = c.req.path.slice(docsPath.length + 1);
    if (!path.endsWith(".md")) return negotiated(c, next, path);
    let decoded: string;
    try {
      decoded = decodeURIComponent(path.slice(0, -".md".length));
    } catch {
      decoded = "";
    }
    const found = await docsMarkdown(c, decoded);
    if (!found) {
      return c.body(`No documentation page at ${docsPath}/${decoded || "…"}.\n`, 404, {
        "Content-Type": textType,
        "Cache-Control": "public, max-age=0, s-maxage=60",
      });
    }
    return c.body(found.markdown, 200, {
      "Content-Type": markdownType,
      "Cache-Control": publicHtmlCacheControl,
      // The HTML page is the one to index; this is the same text for tools.
      Link: `<${found.canonical}>; rel="canonical"`,
      "X-Robots-Tag": "noindex",
    });
  });

/**
 * A docs or API page's own address: its Markdown (the `.md` file's text) when the request's
 * Accept prefers `text/markdown`, else the HTML page. Both answers say `Vary: Accept`, so a
 * shared cache keeps them apart; the worker's page cache never serves such a request
 * (page-cache.ts), and the HTML it keeps carries the header it was rendered with.
 */
async function negotiated(c: Context<AppEnv>, next: () => Promise<void>, path: string): Promise<Response | undefined> {
  if (prefersMarkdown(c.req.header("accept"))) {
    let decoded: string | null;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      decoded = null;
    }
    const found = decoded ? await docsMarkdown(c, decoded) : null;
    if (found) {
      return c.body(found.markdown, 200, {
        "Content-Type": markdownType,
        "Cache-Control": publicHtmlCacheControl,
        Vary: "Accept",
        "Content-Location": `${c.req.path}.md`,
        Link: `<${found.canonical}>; rel="canonical"`,
      });
    }
  }
  await next();
  c.res = new Response(c.res.body, c.res);
  c.res.headers.append("Vary", "Accept");
  return undefined;
}
