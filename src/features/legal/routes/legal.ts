import { t } from "../../../i18n";
import { legalPages as pages } from "../legal-pages";
import { LegalPage } from "../views/LegalPage";
import { defineRoute, PageNotFound } from "../../../router/define";

/** `/legal/:page`: the privacy policy and terms (texts in locales/en.json). */
export default defineRoute({
  operations: [],
  View: LegalPage,
  async load({ params, config }) {
    const page = Object.hasOwn(pages, params.page ?? "") ? pages[params.page!]! : null;
    if (!page) throw new PageNotFound("legal page");
    const title = t(page.title);
    return {
      data: { title, paragraphs: t(page.body, { name: config.name }).split("\n") },
      meta: { title, description: t(page.description, { name: config.name }), path: `/legal/${params.page}` },
    };
  },
});
