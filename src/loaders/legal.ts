import { t, type MessageKey } from "../i18n";
import type { LegalData } from "../views/pages/LegalPage";
import { PageNotFound, type LoadedPage, type LoaderArgs } from "./types";

const pages: Record<string, { title: MessageKey; description: MessageKey; body: MessageKey }> = {
  "privacy-policy": { title: "legal.privacy_title", description: "legal.privacy_description", body: "legal.privacy_body" },
  terms: { title: "legal.terms_title", description: "legal.terms_description", body: "legal.terms_body" },
};

/** `/legal/:page`: the privacy policy and terms (texts in locales/en.json). */
export async function loadLegal({ params, config }: LoaderArgs): Promise<LoadedPage> {
  const page = pages[params.page ?? ""];
  if (!page) throw new PageNotFound("legal page");
  const data: LegalData = {
    title: t(page.title),
    paragraphs: t(page.body, { name: config.name }).split("\n"),
  };
  return {
    view: "legal",
    data,
    meta: { title: data.title, description: t(page.description, { name: config.name }), path: `/legal/${params.page}` },
  };
}
