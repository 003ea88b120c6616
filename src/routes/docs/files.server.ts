import { Hono, type Context } from "hono";
import { docsSourcesQuery, docsTreeQuery } from "../../content/queries/docs";
import type { AppEnv } from "../../env";
import { publicHtmlCacheControl } from "../../render/cache-policy";
import { buildDocsTree, docsPath, findDocsPage, type DocsTree } from "./tree";

/*
 * The docs for AI tools and people who prefer plain text: every page as Markdown at
 * `/docs/<path>.md`, `/llms.txt` (the llms.txt convention: title, summary, links with
 * descriptions) and `/llms-full.txt` (every page in one file). Published pages only: these
 * addresses never show drafts, not even to an editor in preview (app.ts keeps them public).
 */

const markdownType = "text/markdown; charset=utf-8";
const textType = "text/plain; charset=utf-8";

async function loadDocs(c: Context<AppEnv>): Promise<{ tree: DocsTree; bodies: Map<string, string> }> {
  const content = c.get("content");
  const [treeResult, sources] = await Promise.all([content.query(docsTreeQuery), content.query(docsSourcesQuery)]);
  return {
    tree: buildDocsTree(treeResult.docs_sections, treeResult.docs_pages),
    bodies: new Map(sources.docs_pages.map((page) => [page.id, page.body ?? ""])),
  };
}

/** One page as a Markdown document: its title, summary and canonical URL, then the body as written. */
function pageMarkdown(title: string, description: string, url: string, body: string): string {
  return `# ${title}\n\n${description ? `> ${description}\n\n` : ""}Source: ${url}\n\n${body.trim()}\n`;
}

const absolute = (c: Context<AppEnv>, path: string) => new URL(path, c.env.SITE_URL).toString();

export const docsFileRoutes = new Hono<AppEnv>()
  .get("/llms.txt", async (c) => {
    const { tree } = await loadDocs(c);
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
    const { tree, bodies } = await loadDocs(c);
    const pages = tree.ordered.map(({ page }) =>
      pageMarkdown(page.title, page.description, absolute(c, page.href), bodies.get(page.id) ?? ""),
    );
    const text = `# ${c.env.SITE_NAME} documentation\n\n${pages.join("\n---\n\n")}`;
    return c.body(text, 200, { "Content-Type": textType, "Cache-Control": publicHtmlCacheControl });
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
    const { tree, bodies } = await loadDocs(c);
    const location = decoded ? findDocsPage(tree, decoded) : null;
    if (!location) {
      return c.body(`No documentation page at ${docsPath}/${decoded || "…"}.\n`, 404, {
        "Content-Type": textType,
        "Cache-Control": "public, max-age=0, s-maxage=60",
      });
    }
    const { page } = location;
    const canonical = absolute(c, page.href);
    return c.body(pageMarkdown(page.title, page.description, canonical, bodies.get(page.id) ?? ""), 200, {
      "Content-Type": markdownType,
      "Cache-Control": publicHtmlCacheControl,
      // The HTML page is the one to index; this is the same text for tools.
      Link: `<${canonical}>; rel="canonical"`,
      "X-Robots-Tag": "noindex",
    });
  });
