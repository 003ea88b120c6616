import { defineOperation } from "../operation";
import type { DocsPageRow, DocsSectionRow } from "../../routes/docs/tree";
import type { DocHeading } from "../types/docs";

/*
 * `$status` is set by the server alone (published only; drafts too in an editor preview).
 * Directus returns at most 100 items unless told otherwise: `limit: -1` reads every row.
 */

export interface DocsTreeQuery {
  docs_sections: DocsSectionRow[];
  docs_pages: (DocsPageRow & { date_updated: string | null })[];
}

/** Every published section and page without bodies: the sidebar, paths, breadcrumbs and reading order. */
export const docsTreeQuery = defineOperation<DocsTreeQuery>(
  /* GraphQL */ `
query DocsTree($status: [String]) {
  docs_sections(filter: { status: { _in: $status } }, sort: ["sort", "title"], limit: -1) { id title slug description icon sort }
  docs_pages(filter: { status: { _in: $status } }, sort: ["sort", "title"], limit: -1) {
    id title slug description sort date_updated
    section { id }
    parent { id }
  }
}`,
);

/** A doc page as the browser gets it: its Markdown body rendered on the server (see transforms.server.ts). */
export interface RenderedDocsPage {
  id: string;
  title: string | null;
  description: string | null;
  date_updated: string | null;
  html: string;
  headings: DocHeading[];
  readingMinutes: number;
}

export interface DocsPageQuery {
  docs_pages: RenderedDocsPage[];
}

/**
 * One published page by id. Its `body` is Markdown; the server replaces it with rendered HTML
 * and headings before the result is cached or sent, so no Markdown or highlighting code ever
 * runs in the browser.
 */
export const docsPageQuery = defineOperation<DocsPageQuery, { id: string }>(
  /* GraphQL */ `
query DocsPage($id: GraphQLStringOrFloat!, $status: [String]) {
  docs_pages(filter: { id: { _eq: $id }, status: { _in: $status } }, limit: 1) { id title description date_updated body }
}`,
);

export interface DocsSourcesQuery {
  docs_pages: (DocsPageRow & { body: string | null; date_updated: string | null })[];
}

/** Every published page with its Markdown source: `.md` files, llms-full.txt and the search index (server only). */
export const docsSourcesQuery = defineOperation<DocsSourcesQuery>(
  /* GraphQL */ `
query DocsSources($status: [String]) {
  docs_pages(filter: { status: { _in: $status } }, sort: ["sort", "title"], limit: -1) {
    id title slug description sort date_updated body
    section { id }
    parent { id }
  }
}`,
);
