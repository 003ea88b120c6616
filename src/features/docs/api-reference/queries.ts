import { defineOperation } from "../../../content/operation";

/*
 * The API reference singleton. Both fields are written by the CMS when the OpenAPI document is
 * saved (validated, references resolved); see src/features/docs/api-reference/types.ts for their shape.
 */

/** Tags and operations only: the docs sidebar, search and llms.txt read this small part. */
export const apiNavigationQuery = defineOperation<{ api_reference: { navigation: unknown } | null }>(
  /* GraphQL */ `
query ApiNavigation {
  api_reference { navigation }
}`,
);

/** The whole processed document: the API pages, their Markdown files and the mock (server only). */
export const apiReferenceQuery = defineOperation<{ api_reference: { reference: unknown; date_updated: string | null } | null }>(
  /* GraphQL */ `
query ApiReference {
  api_reference { reference date_updated }
}`,
);
