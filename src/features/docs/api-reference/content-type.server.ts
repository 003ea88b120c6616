import { defineContentType } from "../../../content/content-type.server";
import { apiNavigationQuery, apiVersionsQuery } from "./queries";
import { latestVersionName, loadApiVersions } from "./load.server";
import { apiSearchDocuments } from "./search";
import { type ApiNavigation, apiOperationHref, apiTagHref, apiVersionRoot, usableNavigation } from "./types";

const pagesOf = (navigation: ApiNavigation | null, version: string | null) =>
  (navigation?.tags ?? []).flatMap((tag) => [
    { path: apiTagHref(tag.slug, version) },
    ...tag.operations.map((operation) => ({ path: apiOperationHref(tag.slug, operation.slug, version) })),
  ]);

/** The API reference's latest version: one document readers see whole (no status); a page per tag and per operation. */
export const apiReferenceContentType = defineContentType({
  collection: "api_reference",
  status: false,
  sitemap: {
    operation: apiNavigationQuery,
    urls: (data) => pagesOf(usableNavigation(data.api_reference?.navigation), null),
  },
  // The search shows the latest version's operations unless a reader asks for an earlier one.
  search: {
    reads: [apiNavigationQuery],
    async *documents(content) {
      const reference = (await content.query(apiNavigationQuery)).api_reference;
      yield* apiSearchDocuments(usableNavigation(reference?.navigation), { name: latestVersionName(reference?.version), latest: true });
    },
  },
});

/** The API's earlier versions (decision 027): published ones have their pages under /docs/api/<version>. */
export const apiReferenceVersionsContentType = defineContentType({
  collection: "api_reference_versions",
  status: true,
  sitemap: {
    operation: apiVersionsQuery,
    urls: (data) =>
      data.api_reference_versions.flatMap((item) => {
        const navigation = usableNavigation(item.navigation);
        return navigation ? [{ path: apiVersionRoot(item.version) }, ...pagesOf(navigation, item.version)] : [];
      }),
  },
  // Found when a reader asks the search for that version (`version=v1`).
  search: {
    reads: [apiVersionsQuery, apiNavigationQuery],
    async *documents(content) {
      for (const entry of (await loadApiVersions(content)).versions) {
        if (!entry.latest) yield* apiSearchDocuments(entry.navigation, entry);
      }
    },
  },
});
