import type { ContentExtensions } from "../../content/extensions.server";
import type { NavigationItemFieldsFragment } from "../../content/generated/operations";
import { resolveDocsNavigation } from "./navigation.server";
import type { DocsPageQuery } from "./queries";
import { renderMarkdownCached } from "../../render/markdown/render-cache.server";

interface DocsPageSource {
  docs_pages: { id: string; title: string | null; description: string | null; date_updated: string | null; body: string | null }[];
}

/** A docs page's URL from its slug chain: /docs/<section>/<parents…>/<slug>. */
function docHref(doc: NonNullable<NavigationItemFieldsFragment["doc"]>): string | null {
  const slugs: string[] = [];
  let section: string | null | undefined;
  for (let node: any = doc; node; node = node.parent) {
    if (!node.slug) return null;
    slugs.unshift(node.slug);
    section = node.section?.slug ?? section;
  }
  return section ? `/docs/${[section, ...slugs].map(encodeURIComponent).join("/")}` : null;
}

/**
 * Doc pages arrive as Markdown and leave as highlighted HTML: the browser's /graphql and the
 * page payload get the rendered form, so no Markdown or highlighting code ships to the browser.
 */
export const docsContent: Partial<ContentExtensions> = {
  resolvers: { DocsNavigation: resolveDocsNavigation },
  // A CMS menu item that points at a docs page.
  menuLinks: { doc: (item) => (item.doc ? docHref(item.doc) : null) },
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
};
