import { apiNavigationQuery, usableNavigation } from "../api-reference";
import { docsTreeQuery } from "../queries";
import { t } from "../../../i18n";
import { DocsIndexPage } from "../views/DocsIndexPage";
import { defineRoute } from "../../../router/define";
import { buildDocsTree, docsPath } from "../tree";

/** `/docs`: every section with its top-level pages. */
export default defineRoute({
  operations: [docsTreeQuery, apiNavigationQuery],
  View: DocsIndexPage,
  async load({ content, config }) {
    const [result, apiResult] = await Promise.all([content.query(docsTreeQuery), content.query(apiNavigationQuery)]);
    const tree = buildDocsTree(result.docs_sections, result.docs_pages);
    const api = usableNavigation(apiResult.api_reference?.navigation);
    const url = new URL(docsPath, config.url).toString();
    return {
      // The cards show each section's top pages: nothing below them travels in the payload.
      data: {
        sections: tree.sections.map((section) => ({ ...section, pages: section.pages.map((page) => ({ ...page, children: [] })) })),
        api,
      },
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
