import { docsTreeQuery } from "./queries";
import { buildDocsTree } from "./tree";
import { itemRead, type ContentExtensions } from "../../content/extensions.server";
import { resolveDocsNavigation } from "./navigation.server";
import { docsVersionReads, type DocsPageQuery } from "./queries";
import { renderMarkdownCached } from "../../render/markdown/render-cache.server";

interface DocsPageSource {
  docs_pages: { id: string; title: string | null; description: string | null; date_updated: string | null; body: string | null }[];
}

/**
 * Doc pages arrive as Markdown and leave as highlighted HTML: the browser's /graphql and the
 * page payload get the rendered form, so no Markdown or highlighting code ships to the browser.
 */
export const docsContent: Partial<ContentExtensions> = {
  previewPaths: {
    // A doc page's URL needs its section's and its parents' slugs: the tree has them all.
    async docs_pages(content, id) {
      const { docs_sections, docs_pages } = await content.query(docsTreeQuery);
      const tree = buildDocsTree(docs_sections, docs_pages, () => {});
      return tree.ordered.find((location) => location.page.id === id)?.page.href ?? null;
    },
  },
  resolvers: { DocsNavigation: resolveDocsNavigation },
  transforms: {
    async DocsPage(data: DocsPageSource, { kv, siteUrl, apiBaseUrl, waitUntil }): Promise<DocsPageQuery> {
      return {
        docs_pages: await Promise.all(
          data.docs_pages.map(async ({ body, ...page }) => {
            const rendered = await renderMarkdownCached(kv, body ?? "", { siteUrl, apiBaseUrl }, { waitUntil });
            return { ...page, html: rendered.html, headings: rendered.headings, readingMinutes: rendered.readingMinutes };
          }),
        ),
      };
    },
  },
  versionedReads: [itemRead("DocsPage", "docs_pages", docsVersionReads.page)],
};
