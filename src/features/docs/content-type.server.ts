import { defineContentType } from "../../content/content-type.server";
import { itemRead } from "../../content/extensions.server";
import { docsTreeQuery, docsVersionReads } from "./queries";
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
});
