import { defineContentType } from "../../content/content-type.server";

/**
 * The glossary Ask the docs expands questions with (`docs_glossary`): published terms are public,
 * drafts are not. No page, no sitemap, no search documents; a change moves its generation, which
 * is part of the passage index's key (passage-index.server.ts).
 */
export const glossaryContentType = defineContentType({
  collection: "docs_glossary",
  status: true,
});
