import { defineOperation } from "../../content/operation";
import { fileFields } from "../../content/queries/fragments";
import type {
  FileFieldsFragment,
  ChangelogLinksQuery,
  ChangelogLinksQueryVariables,
  SearchChangelogQuery,
  SearchChangelogQueryVariables,
  SearchChangelogByIdsQuery,
  SearchChangelogByIdsQueryVariables,
} from "../../content/generated/operations";

/*
 * `$status` and `$now` are set by the server alone (content.server.ts): an entry is public once
 * published and its `published_at` (its date, which is also its publish time, as for posts) is
 * reached; drafts and scheduled entries only in an editor's preview.
 */

/** How many entries the changelog reads at most (product and kind are filtered in the loader). */
const changelogEntriesLimit = 500;

/** An entry as the changelog and its feeds show it: the Markdown body rendered on the server. */
interface RenderedChangelogEntry {
  id: string;
  slug: string;
  title: string;
  kind: string;
  products: unknown;
  published_at: string | null;
  date_updated: string | null;
  html: string;
}

export interface ChangelogEntriesQuery {
  changelog_entries: RenderedChangelogEntry[];
}

/**
 * Every live entry, newest first: one cached query behind `/changelog`, its filters and feeds.
 * `body` is Markdown; the server replaces it with HTML before the result is cached or sent
 * (content.server.ts), like a docs page's.
 */
export const changelogEntriesQuery = defineOperation<ChangelogEntriesQuery>(
  /* GraphQL */ `
query ChangelogEntries($status: [String], $now: String) {
  changelog_entries(filter: { status: { _in: $status }, _or: [{ published_at: { _null: true } }, { published_at: { _lte: $now } }] }, sort: ["-published_at", "-id"], limit: ${changelogEntriesLimit}) {
    id slug title kind products published_at date_updated body
  }
}`,
);

/** One live entry by slug, for its own page: its body rendered like the list's, and the share card the CMS drew. */
export interface ChangelogEntryQuery {
  changelog_entries: (RenderedChangelogEntry & { share_card: FileFieldsFragment | null })[];
}

export const changelogEntryQuery = defineOperation<ChangelogEntryQuery, { slug: string }>(
  /* GraphQL */ `
query ChangelogEntry($slug: String!, $status: [String], $now: String) {
  changelog_entries(filter: { slug: { _eq: $slug }, status: { _in: $status }, _or: [{ published_at: { _null: true } }, { published_at: { _lte: $now } }] }, limit: 1) {
    id slug title kind products published_at date_updated body
    share_card { ...FileFields }
  }
}
${fileFields}`,
);

/** An entry's slug by id: where the editors' preview opens it. */
export const changelogEntryPathQuery = defineOperation<{ changelog_entries_by_id: { slug: string } | null }, { id: string }>(
  /* GraphQL */ `
query ChangelogEntryPath($id: ID!) {
  changelog_entries_by_id(id: $id) { slug }
}`,
);

/**
 * What the docs and API pages need to link to the entries that concern them: titles and the
 * docs pages and operations each entry names, without bodies.
 */
export const changelogLinksQuery = defineOperation<ChangelogLinksQuery, ChangelogLinksQueryVariables>(
  /* GraphQL */ `
query ChangelogLinks($status: [String], $now: String) {
  changelog_entries(filter: { status: { _in: $status }, _or: [{ published_at: { _null: true } }, { published_at: { _lte: $now } }] }, sort: ["-published_at", "-id"], limit: ${changelogEntriesLimit}) {
    slug title kind published_at operations
    docs_pages { docs_pages_id { id } }
  }
}`,
);

const publishedEntries = "status: { _in: $status }, _or: [{ published_at: { _null: true } }, { published_at: { _lte: $now } }]";
/** What the search reads of an entry, in bulk and by ids alike. */
const searchEntryFields = "id slug title products published_at body";

/** The published entries with their texts, for the site search (server only). */
export const searchChangelogQuery = defineOperation<SearchChangelogQuery, SearchChangelogQueryVariables>(
  /* GraphQL */ `
query SearchChangelog($status: [String], $now: String) {
  changelog_entries(filter: { ${publishedEntries} }, sort: ["-published_at"], limit: -1) { ${searchEntryFields} }
}`,
  { bulk: true },
);

/** The given entries as the search reads them, when published (server only). */
export const searchChangelogByIdsQuery = defineOperation<SearchChangelogByIdsQuery, SearchChangelogByIdsQueryVariables>(
  /* GraphQL */ `
query SearchChangelogByIds($ids: [GraphQLStringOrFloat], $status: [String], $now: String) {
  changelog_entries(filter: { id: { _in: $ids }, ${publishedEntries} }, limit: -1) { ${searchEntryFields} }
}`,
  { bulk: true },
);
