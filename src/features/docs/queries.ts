import { defineOperation } from "../../content/operation";
import type { FileFieldsFragment } from "../../content/generated/operations";
import { fileFields } from "../../content/queries/fragments";
import type { DocsPageRow, DocsSectionRow } from "./tree";
import type { DocHeading } from "./types";

/*
 * `$status` and `$now` are set by the server alone (published pages whose `publish_at` is empty
 * or reached; drafts and scheduled pages too in an editor preview).
 * Directus returns at most 100 items unless told otherwise: `limit: -1` reads every row.
 */

export interface DocsTreeQuery {
  docs_sections: DocsSectionRow[];
  docs_pages: (DocsPageRow & { date_updated: string | null })[];
}

/** Every published section and page without bodies: the sidebar, paths, breadcrumbs and reading order. */
export const docsTreeQuery = defineOperation<DocsTreeQuery>(
  /* GraphQL */ `
query DocsTree($status: [String], $now: String) {
  docs_sections(filter: { status: { _in: $status } }, sort: ["sort", "title"], limit: -1) { id title slug description icon sort }
  docs_pages(filter: { status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, sort: ["sort", "title"], limit: -1) {
    id title slug description sort date_updated
    section { id }
    parent { id }
  }
}`,
);

/** A doc page as the browser gets it: its Markdown body rendered on the server (see content.server.ts). */
export interface RenderedDocsPage {
  id: string;
  title: string | null;
  description: string | null;
  /** Selected by DocsPage (the editor's preview bar); passed through the Markdown rendering as they are. */
  status?: string | null;
  publish_at?: string | null;
  date_updated: string | null;
  html: string;
  headings: DocHeading[];
  readingMinutes: number;
  /** The editor's own share image, and the card the CMS drew when the page was published (a preview has neither). */
  share_image?: FileFieldsFragment | null;
  share_card?: FileFieldsFragment | null;
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
query DocsPage($id: GraphQLStringOrFloat!, $status: [String], $now: String) {
  docs_pages(filter: { id: { _eq: $id }, status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, limit: 1) {
    id title description status publish_at date_updated body
    share_image { ...FileFields }
    share_card { ...FileFields }
  }
}
${fileFields}`,
);

/**
 * Preview only (see blogVersionReads in blog.ts): a page read from a Directus content version,
 * as its Markdown source; the server renders it like DocsPage's.
 */
export const docsVersionReads = {
  page: defineOperation<
    { docs_pages_by_id: (Omit<RenderedDocsPage, "html" | "headings" | "readingMinutes"> & { body: string | null }) | null },
    { id: string; version: string }
  >(
    /* GraphQL */ `
query DocsPageVersion($id: ID!, $version: String) {
  docs_pages_by_id(id: $id, version: $version) { id title description status publish_at date_updated body }
}`,
  ),
};

export interface DocsSourcesQuery {
  docs_pages: (DocsPageRow & { body: string | null; date_updated: string | null })[];
}

/** Every published page with its Markdown source, for the search index (server only). */
export const docsSourcesQuery = defineOperation<DocsSourcesQuery>(
  /* GraphQL */ `
query DocsSources($status: [String], $now: String) {
  docs_pages(filter: { status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, sort: ["sort", "title"], limit: -1) {
    id title slug description sort date_updated body
    section { id }
    parent { id }
  }
}`,
);

export interface DocsBodiesQuery {
  docs_pages: { id: string; body: string | null }[];
}

/**
 * The Markdown source of the given published pages: a `.md` file reads one, llms-full.txt reads
 * them a batch at a time while it streams, so neither holds every page's text (server only).
 */
export const docsBodiesQuery = defineOperation<DocsBodiesQuery, { ids: string[] }>(
  /* GraphQL */ `
query DocsBodies($ids: [GraphQLStringOrFloat], $status: [String], $now: String) {
  docs_pages(filter: { id: { _in: $ids }, status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, limit: -1) {
    id body
  }
}`,
  { bulk: true },
);
