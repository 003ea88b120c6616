import { defineContentType } from "../../content/content-type.server";
import { itemRead } from "../../content/extensions.server";
import { slugify } from "../../render/markdown/slug";
import { docSections } from "../search";
import { docsBodiesQuery, docsTreeQuery, docsVersionReads } from "./queries";

/** Doc pages whose Markdown one query reads while the search index is built (a few MB at most). */
const docsBodiesPerQuery = 200;
import { buildDocsTree, type DocsLocation } from "./tree";
import type { ContentSource } from "../../content/operation";
import type { SearchDocument } from "../../content/search-document";

/** The search documents of these pages of the tree, their Markdown read a batch at a time; each carries its page's id. */
async function* docDocuments(content: ContentSource, locations: readonly DocsLocation[]): AsyncGenerator<SearchDocument> {
  for (let start = 0; start < locations.length; start += docsBodiesPerQuery) {
    const batch = locations.slice(start, start + docsBodiesPerQuery);
    const { docs_pages } = await content.query(docsBodiesQuery, { ids: batch.map(({ page }) => page.id) });
    const bodies = new Map(docs_pages.map((page) => [page.id, page.body ?? ""]));
    for (const { page, section, ancestors } of batch) {
      const markdown = bodies.get(page.id);
      // Not published (yet): the tree lists it, the bodies query leaves it out.
      if (markdown === undefined) continue;
      const breadcrumb = [section.title, ...ancestors.map((ancestor) => ancestor.title)].join(" › ");
      for (const document of docSections(
        { url: page.href, title: page.title, description: page.description, markdown, section: breadcrumb },
        slugify,
      )) {
        yield { ...document, item: page.id };
      }
    }
  }
}

/** Doc pages: published at `publish_at`; in the sitemap with their sections, in the tree's order. */
export const docsPagesContentType = defineContentType({
  collection: "docs_pages",
  status: true,
  publishTimeField: "publish_at",
  // A doc page's URL needs its section's and its parents' slugs: the tree has them all.
  async previewPath(content, id) {
    const { docs_sections, docs_pages } = await content.query(docsTreeQuery);
    const tree = buildDocsTree(docs_sections, docs_pages, () => {});
    return tree.ordered.find((location) => location.page.id === id)?.page.href ?? null;
  },
  versionedReads: [itemRead("DocsPage", "docs_pages", docsVersionReads.page)],
  sitemap: {
    operation: docsTreeQuery,
    urls(docs) {
      const tree = buildDocsTree(docs.docs_sections, docs.docs_pages);
      const updated = new Map(docs.docs_pages.map((page) => [page.id, page.date_updated]));
      return [
        ...tree.sections.map((section) => ({ path: section.href })),
        ...tree.ordered.map(({ page }) => ({ path: page.href, lastmod: updated.get(page.id) })),
      ];
    },
  },
  // Split by heading, so a result can link to its section; their Markdown read a batch of pages
  // at a time, so the index build never holds every page's text.
  search: {
    reads: [docsTreeQuery, docsBodiesQuery],
    async *documents(content) {
      const tree = await content.query(docsTreeQuery);
      yield* docDocuments(content, buildDocsTree(tree.docs_sections, tree.docs_pages).ordered);
    },
    // A page's URL and breadcrumb carry its parents' slugs and titles: its descendants come along.
    async *itemDocuments(content, ids) {
      const tree = await content.query(docsTreeQuery);
      const changed = new Set(ids);
      const shaped = buildDocsTree(tree.docs_sections, tree.docs_pages).ordered.filter(
        ({ page, ancestors }) => changed.has(page.id) || ancestors.some((ancestor) => changed.has(ancestor.id)),
      );
      yield* docDocuments(content, shaped);
    },
  },
});
