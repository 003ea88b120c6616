import { Hono, type Context } from "hono";
import { stream } from "hono/streaming";
import { operationFile, overviewFile, tagFile } from "../api-reference";
import { loadApiReferenceVersion, loadApiVersions, overviewMarkdown, samePageIn } from "../api-reference/index.server";
import { apiOperationHref, apiReferencePath, apiTagHref, apiVersionRoot, isApiVersionName, usableReference } from "../api-reference";
import { apiReferenceQuery } from "../api-reference";
import { docsBodiesQuery, docsTreeQuery } from "../queries";
import type { AppEnv } from "../../../env";
import { t } from "../../../i18n";
import { changelogFeedPath } from "../../../lib/paths/changelog";
import { aiToolsDocsPath, mcpPath } from "../../../lib/paths/mcp";
import { publicHtmlCacheControl } from "../../../render/cache-policy";
import { buildDocsTree, docsPath, findDocsPage, type DocsTree } from "../tree";

/*
 * The docs for AI tools and people who prefer plain text: every page as Markdown at
 * `/docs/<path>.md`, `/llms.txt` (the llms.txt convention: title, summary, links with
 * descriptions) and `/llms-full.txt` (every page in one file). Published pages only: these
 * addresses never show drafts, not even to an editor in preview (app.ts keeps them public).
 * Only the tree is read whole; page texts are read as needed, a batch at a time for
 * llms-full.txt, which streams: its size grows with the docs, the worker's memory does not.
 */

const markdownType = "text/markdown; charset=utf-8";
const textType = "text/plain; charset=utf-8";
/** Pages whose Markdown llms-full.txt reads per query. */
const bodiesPerBatch = 50;

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
      `- [All documentation in one file](${absolute(c, "/llms-full.txt")})`,
      `- [MCP server](${absolute(c, mcpPath)}): the same docs, API reference and changelog for AI tools over the Model Context Protocol (Streamable HTTP, read-only, no login); set-up: ${absolute(c, aiToolsDocsPath)}`,
      `- [Changelog](${absolute(c, changelogFeedPath)}): new features, improvements, fixes and deprecations, newest first (RSS)`,
      "",
    );
    return c.body(lines.join("\n"), 200, { "Content-Type": textType, "Cache-Control": publicHtmlCacheControl });
  })
  .get("/llms-full.txt", async (c) => {
    const tree = await loadTree(c);
    const pages = tree.ordered.map(({ page }) => page);
    c.header("Content-Type", textType);
    c.header("Cache-Control", publicHtmlCacheControl);
    return stream(c, async (out) => {
      await out.write(`# ${c.env.SITE_NAME} documentation\n\n`);
      for (let start = 0; start < pages.length; start += bodiesPerBatch) {
        const batch = pages.slice(start, start + bodiesPerBatch);
        const bodies = await loadBodies(
          c,
          batch.map((page) => page.id),
        );
        for (const [index, page] of batch.entries()) {
          const separator = start + index > 0 ? "\n---\n\n" : "";
          await out.write(separator + pageMarkdown(page.title, page.description, absolute(c, page.href), bodies.get(page.id) ?? ""));
        }
      }
      // Then the API reference: its overview and every operation, as their `.md` pages have them.
      const { api_reference } = await c.get("content").query(apiReferenceQuery);
      const reference = usableReference(api_reference?.reference);
      if (!reference) return;
      const link = (target: string) => absolute(c, target);
      await out.write(`${pages.length ? "\n---\n\n" : ""}${overviewFile(reference, overviewMarkdown(reference), link)}`);
      for (const operation of reference.operations) await out.write(`\n---\n\n${operationFile(reference, operation, link)}`);
    });
  })
  .get(`${docsPath}/*`, async (c, next) => {
    const path = c.req.path.slice(docsPath.length + 1);
    if (!path.endsWith(".md")) return next();
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
