import { defineOperation } from "../../content/operation";
import type { SearchOutcome } from "./engine";

/**
 * The site search as an operation the worker answers itself (its feature's `content.server.ts`), not
 * Directus: the /search loader runs it on the server and, after a client navigation, through
 * the browser's /graphql like any other query. `kind`, `limit` and `version` (an API version
 * whose reference pages to find instead of the latest's) are optional.
 */
export interface SiteSearchOutcome extends SearchOutcome {
  /** When the index answering was built: part of the API's ETag. */
  indexedAt: string;
}

export const siteSearchQuery = defineOperation<
  { siteSearch: SiteSearchOutcome },
  { q: string; kind?: string; limit?: number; version?: string }
>("query SiteSearch($q: String!, $kind: String, $limit: Int, $version: String) { siteSearch }");
