import { defineContentType } from "../../content/content-type.server";
import { itemRead } from "../../content/extensions.server";
import { slugify } from "../../render/markdown/slug";
import { docSections } from "../search";
import { docsBodiesQuery, docsTreeQuery, docsVersionReads } from "./queries";

/** Doc pages whose Markdown one query reads while the search index is built (a few MB at most). */
const docsBodiesPerQuery = 200;
import { buildDocsTree } from "./tree";

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
      const ordered = buildDocsTree(tree.docs_sections, tree.docs_pages).ordered;
      for (let start = 0; start < ordered.length; start += docsBodiesPerQuery) {
        const batch = ordered.slice(start, start + docsBodiesPerQuery);
        const { docs_pages } = await content.query(docsBodiesQuery, { ids: batch.map(({ page }) => page.id) });
        const bodies = new Map(docs_pages.map((page) => [page.id, page.body ?? ""]));
        for (const { page, section, ancestors } of batch) {
          const markdown = bodies.get(page.id);
          // Not published (yet): the tree lists it, the bodies query leaves it out.
          if (markdown === undefined) continue;
          const breadcrumb = [section.title, ...ancestors.map((ancestor) => ancestor.title)].join(" › ");
          yield* docSections({ url: page.href, title: page.title, description: page.description, markdown, section: breadcrumb }, slugify);
        }
      }
    },
  },
});
