import type { MessageKey } from "../../i18n";

/** The legal pages by slug, with their texts' keys in locales/en.json (the sitemap lists them too). */
export const legalPages: Record<string, { title: MessageKey; description: MessageKey; body: MessageKey }> = {
  "privacy-policy": { title: "legal.privacy_title", description: "legal.privacy_description", body: "legal.privacy_body" },
  terms: { title: "legal.terms_title", description: "legal.terms_description", body: "legal.terms_body" },
};
