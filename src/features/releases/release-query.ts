import { defineOperation } from "../../content/operation";

/** A release and its changes as the preview's bar reads them. */
export interface PreviewReleaseData {
  releases_by_id: {
    id: string | number;
    name: string;
    state: string;
    publish_at: string | null;
    changes:
      | { id: string | number; content_collection: string; item: string; action: string; label: string | null; conflict: string | null }[]
      | null;
  } | null;
}

/**
 * The release an editor previews, with its changes: what the preview's bar says. Only the
 * Preview role reads releases (never the public or the site's read token), so this read is typed
 * here and checked against the CMS's admin schema by its test, not by scripts/codegen.mjs, which
 * types the site's own reads (every `queries.ts`) against the public one.
 */
export const previewReleaseQuery = defineOperation<PreviewReleaseData, { id: string }>(
  /* GraphQL */ `
query PreviewRelease($id: ID!) {
  releases_by_id(id: $id) {
    id name state publish_at
    changes(sort: ["id"], limit: -1) { id content_collection item action label conflict }
  }
}`,
);
