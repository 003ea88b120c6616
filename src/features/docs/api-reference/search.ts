import { t } from "../../../i18n";
import type { SearchDocument } from "../../search";
import { type ApiNavigation, apiOperationHref } from "./types";

/**
 * The API reference in the site search: one document per operation, found by its summary, its
 * operation id (`createCluster`, also as words) and its method and path (`POST /v1/clusters`).
 * Every published version is indexed: the search shows the latest's unless a reader asks for
 * another (`version`); an earlier version's pages are under its path and name it in their section.
 */
export function apiSearchDocuments(navigation: ApiNavigation | null, version: { name: string; latest: boolean }): SearchDocument[] {
  if (!navigation) return [];
  const segment = version.latest ? null : version.name;
  const reference = segment ? `${t("docs.api_reference")} ${segment}` : t("docs.api_reference");
  return navigation.tags.flatMap((tag) =>
    tag.operations.map((operation) => {
      const url = apiOperationHref(tag.slug, operation.slug, segment);
      const words = operation.id.replace(/([a-z0-9])([A-Z])/g, "$1 $2");
      return {
        id: url,
        kind: "doc" as const,
        title: operation.summary,
        headings: `${operation.method} ${operation.path} ${operation.id}`,
        description: `${operation.method} ${operation.path}`,
        body: `${operation.summary}. ${operation.method} ${operation.path}. ${operation.id} ${words}. ${navigation.title}, ${tag.name}.`,
        url,
        section: `${reference} › ${tag.name}`,
        version: { name: version.name, latest: version.latest },
      };
    }),
  );
}
