import { docsTreeQuery } from "../../content/queries/docs";
import { t } from "../../i18n";
import { DocsIndexPage } from "../../views/pages/DocsIndexPage";
import { defineRoute } from "../define";
import { buildDocsTree, docsPath } from "./tree";

/** `/docs`: every section with its top-level pages. */
export default defineRoute({
  operations: [docsTreeQuery],
  View: DocsIndexPage,
  async load({ content, config }) {
    const result = await content.query(docsTreeQuery);
    const tree = buildDocsTree(result.docs_sections, result.docs_pages);
    const url = new URL(docsPath, config.url).toString();
    return {
      data: { sections: tree.sections },
      meta: {
        title: t("docs.title"),
        description: t("docs.meta_description", { name: config.name }),
        path: docsPath,
        jsonLd: [
          {
            "@context": "https://schema.org",
            "@type": "CollectionPage",
            name: t("docs.title"),
            url,
            hasPart: tree.sections.map((section) => ({
              "@type": "CollectionPage",
              name: section.title,
              url: new URL(section.href, config.url).toString(),
            })),
          },
        ],
      },
    };
  },
});
