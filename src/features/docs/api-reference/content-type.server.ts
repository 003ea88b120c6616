import { defineContentType } from "../../../content/content-type.server";
import { apiNavigationQuery } from "./queries";
import { apiOperationHref, apiTagHref, usableNavigation } from "./types";

/** The API reference: one document readers see whole (no status); a page per tag and per operation. */
export const apiReferenceContentType = defineContentType({
  collection: "api_reference",
  status: false,
  sitemap: {
    operation: apiNavigationQuery,
    urls: (data) =>
      (usableNavigation(data.api_reference?.navigation)?.tags ?? []).flatMap((tag) => [
        { path: apiTagHref(tag.slug) },
        ...tag.operations.map((operation) => ({ path: apiOperationHref(tag.slug, operation.slug) })),
      ]),
  },
});
