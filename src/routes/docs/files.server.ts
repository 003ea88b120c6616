import { Hono, type Context } from "hono";
import { stream } from "hono/streaming";
import { docsBodiesQuery, docsTreeQuery } from "../../content/queries/docs";
import type { AppEnv } from "../../env";
import { publicHtmlCacheControl } from "../../render/cache-policy";
import { buildDocsTree, docsPath, findDocsPage, type DocsTree } from "./tree";

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
    lines.push("## Optional", "", `- [All documentation in one file](${absolute(c, "/llms-full.txt")})`, "");
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
    const tree = await loadTree(c);
    const location = decoded ? findDocsPage(tree, decoded) : null;
    if (!location) {
      return c.body(`No documentation page at ${docsPath}/${decoded || "…"}.\n`, 404, {
        "Content-Type": textType,
        "Cache-Control": "public, max-age=0, s-maxage=60",
      });
    }
    const { page } = location;
    const canonical = absolute(c, page.href);
    const bodies = await loadBodies(c, [page.id]);
    return c.body(pageMarkdown(page.title, page.description, canonical, bodies.get(page.id) ?? ""), 200, {
      "Content-Type": markdownType,
      "Cache-Control": publicHtmlCacheControl,
      // The HTML page is the one to index; this is the same text for tools.
      Link: `<${canonical}>; rel="canonical"`,
      "X-Robots-Tag": "noindex",
    });
  });
