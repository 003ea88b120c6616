import { t, type MessageKey } from "../i18n";
import { LegalPage } from "../views/pages/LegalPage";
import { defineRoute, PageNotFound } from "./define";

const pages: Record<string, { title: MessageKey; description: MessageKey; body: MessageKey }> = {
  "privacy-policy": { title: "legal.privacy_title", description: "legal.privacy_description", body: "legal.privacy_body" },
  terms: { title: "legal.terms_title", description: "legal.terms_description", body: "legal.terms_body" },
};

export const legalPages = Object.keys(pages);

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
