import { defineOperation } from "../../content/operation";

/**
 * An entry that announces an API version shows what breaks from the version before it
 * (decision 027). The model has no field for the version: an entry announces one when its title
 * or its slug names it as "API v2" (`api-v2` in a slug), the way editors title such an entry.
 * Links in the body cannot say it: the latest version's pages have no version in their address.
 */
const inTitle = /\bAPI (v[0-9]{1,4})\b/i;
const inSlug = /(?:^|-)api-(v[0-9]{1,4})(?:-|$)/;

/** The API version an entry announces (`v2`), or null. */
export function announcedApiVersion(entry: { slug: string; title: string }): string | null {
  const found = inTitle.exec(entry.title)?.[1] ?? inSlug.exec(entry.slug)?.[1];
  return found ? found.toLowerCase() : null;
}

/** A version's breaking changes from the one before it, with links to the operations in both versions. */
export interface ApiVersionChanges {
  version: string;
  previous: string;
  changes: {
    /** Which rule found it (`operation-removed`, `request-field-required` …). */
    rule: string;
    /** "breaking": a client that worked fails; "warning": a strict client may fail. */
    severity: "breaking" | "warning";
    /** One sentence, plain English. */
    message: string;
    /** The operation as the later version has it, else (removed) as the earlier one had it. */
    operation: { id: string; method: string; path: string; summary: string };
    /** Its page in the later version; null when it is gone. */
    href: string | null;
    /** Its page in the earlier version. */
    previousHref: string;
  }[];
}

/**
 * Answered by the worker from the two stored documents (the API reference's content.server.ts):
 * declared here, where the changelog's loaders and feeds run it, since the API reference's pages
 * already read the changelog and a feature's imports may not go round in a circle.
 */
export const apiBreakingChangesQuery = defineOperation<{ apiBreakingChanges: ApiVersionChanges | null }, { version: string }>(
  "query ApiBreakingChanges($version: String!) { apiBreakingChanges }",
);
