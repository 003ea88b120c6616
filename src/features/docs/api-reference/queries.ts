import { defineOperation } from "../../../content/operation";

/*
 * The API reference: the singleton `api_reference` holds the latest version, the collection
 * `api_reference_versions` the earlier ones (decision 027). The processed fields are written by
 * the CMS when an OpenAPI document is saved (validated, references resolved); see
 * src/features/docs/api-reference/types.ts for their shape. `$status` is set by the server alone.
 */

/** Tags and operations only: the docs sidebar, search and llms.txt read this small part. */
export const apiNavigationQuery = defineOperation<{ api_reference: { navigation: unknown; version: string | null } | null }>(
  /* GraphQL */ `
query ApiNavigation {
  api_reference { navigation version }
}`,
);

/** The whole processed document: the API pages, their Markdown files and the mock (server only). */
export const apiReferenceQuery = defineOperation<{
  api_reference: { reference: unknown; version: string | null; date_updated: string | null; share_cards?: unknown } | null;
}>(
  /* GraphQL */ `
query ApiReference {
  api_reference { reference version date_updated share_cards }
}`,
);

/** The earlier versions readers may open (newest first), with their navigation: the picker, sitemap and search. */
export const apiVersionsQuery = defineOperation<{ api_reference_versions: { version: string; navigation: unknown }[] }>(
  /* GraphQL */ `
query ApiVersions($status: [String]) {
  api_reference_versions(filter: { status: { _in: $status } }, sort: ["-version"], limit: 50) { version navigation }
}`,
);

/** One earlier version's processed document, by its name (`v1`). */
export const apiVersionReferenceQuery = defineOperation<
  { api_reference_versions: { version: string; reference: unknown; date_updated: string | null; share_cards?: unknown }[] },
  { version: string }
>(
  /* GraphQL */ `
query ApiVersionReference($version: String!, $status: [String]) {
  api_reference_versions(filter: { version: { _eq: $version }, status: { _in: $status } }, limit: 1) { version reference date_updated share_cards }
}`,
);
