import type { ResolverContext } from "../../../content/extensions.server";
import { apiNavigationQuery, apiReferenceQuery, apiVersionReferenceQuery, apiVersionsQuery } from "./queries";
import { type ApiReference, isApiVersionName, usableNavigation, usableReference } from "./types";
import { type ApiVersionEntry, orderVersions } from "./versions";

type Content = ResolverContext["content"];

/** The latest version's name when its document was saved before versions had names. */
const unnamedLatest = "v1";
export const latestVersionName = (version: string | null | undefined) => version || unnamedLatest;

/**
 * Every version readers may open, the latest first (decision 027): the singleton's navigation and
 * the published earlier versions'. Empty before a document is published. `source` is the earlier
 * versions' answer as the content cache hands it out (the same object until one changes).
 */
export async function loadApiVersions(content: Content): Promise<{ versions: ApiVersionEntry[]; source: unknown }> {
  const [{ api_reference }, earlierAnswer] = await Promise.all([content.query(apiNavigationQuery), content.query(apiVersionsQuery)]);
  const navigation = usableNavigation(api_reference?.navigation);
  if (!navigation) return { versions: [], source: earlierAnswer };
  const latest: ApiVersionEntry = { name: latestVersionName(api_reference?.version), latest: true, navigation };
  const earlier = (earlierAnswer.api_reference_versions ?? []).flatMap((item): ApiVersionEntry[] => {
    const itemNavigation = usableNavigation(item.navigation);
    return itemNavigation && isApiVersionName(item.version) ? [{ name: item.version, latest: false, navigation: itemNavigation }] : [];
  });
  return { versions: orderVersions(latest, earlier), source: earlierAnswer };
}

export interface LoadedApiReference {
  name: string;
  latest: boolean;
  reference: ApiReference;
  updatedAt: string | null;
  /** The Directus file of each operation's share card, by operationId. */
  shareCards?: Record<string, string>;
}

/** `share_cards` as the CMS's share-cards hook writes it: operationId → { file, drawn }. */
function shareCardFiles(stored: unknown): Record<string, string> {
  if (!stored || typeof stored !== "object") return {};
  return Object.fromEntries(
    Object.entries(stored as Record<string, { file?: unknown } | null>).flatMap(([id, entry]) =>
      typeof entry?.file === "string" ? [[id, entry.file]] : [],
    ),
  );
}

/**
 * A version's whole document: the latest when `name` is undefined or null, else the published
 * earlier version of that name. Null when there is none (the latest's own name is no earlier version).
 */
export async function loadApiReferenceVersion(content: Content, name?: string | null): Promise<LoadedApiReference | null> {
  if (name == null) {
    const { api_reference } = await content.query(apiReferenceQuery);
    const reference = usableReference(api_reference?.reference);
    return reference
      ? {
          name: api_reference?.version || unnamedLatest,
          latest: true,
          reference,
          updatedAt: api_reference?.date_updated ?? null,
          shareCards: shareCardFiles(api_reference?.share_cards),
        }
      : null;
  }
  if (!isApiVersionName(name)) return null;
  const { api_reference_versions } = await content.query(apiVersionReferenceQuery, { version: name });
  const item = api_reference_versions?.[0];
  const reference = usableReference(item?.reference);
  return item && reference
    ? { name: item.version, latest: false, reference, updatedAt: item.date_updated ?? null, shareCards: shareCardFiles(item.share_cards) }
    : null;
}
