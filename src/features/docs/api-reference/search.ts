import { t } from "../../../i18n";
import type { SearchDocument } from "../../search";
import { type ApiNavigation, apiOperationHref } from "./types";

/**
 * The API reference in the site search: one document per operation, found by its summary, its
 * operation id (`createCluster`, also as words) and its method and path (`POST /v1/clusters`).
 */
export function apiSearchDocuments(navigation: ApiNavigation | null): SearchDocument[] {
  if (!navigation) return [];
  return navigation.tags.flatMap((tag) =>
    tag.operations.map((operation) => {
      const url = apiOperationHref(tag.slug, operation.slug);
      const words = operation.id.replace(/([a-z0-9])([A-Z])/g, "$1 $2");
      return {
        id: url,
        kind: "doc" as const,
        title: operation.summary,
        headings: `${operation.method} ${operation.path} ${operation.id}`,
        description: `${operation.method} ${operation.path}`,
        body: `${operation.summary}. ${operation.method} ${operation.path}. ${operation.id} ${words}. ${navigation.title}, ${tag.name}.`,
        url,
        section: `${t("docs.api_reference")} › ${tag.name}`,
      };
    }),
  );
}
