import { type ApiNavigation, apiOperationHref, apiTagHref, apiVersionRoot } from "./types";

/**
 * The API's versions as readers find them (decision 027): the latest at /docs/api, each earlier
 * one under its name. Pure, so the pages, their canonical links, the sitemap and the tests agree.
 */

/** One version: its name and navigation; `latest` lives at /docs/api. */
export interface ApiVersionEntry {
  name: string;
  latest: boolean;
  navigation: ApiNavigation;
}

/** A page of the reference, by what identifies it across versions: an operation by its id, a tag by its slug. */
export type ApiPageIdentity = { kind: "overview" } | { kind: "tag"; tagSlug: string } | { kind: "operation"; operationId: string };

/** The picker's entry: where this page is in that version, or that version's overview when it has no such page. */
export interface ApiVersionLink {
  name: string;
  href: string;
  latest: boolean;
  current: boolean;
}

const segment = (entry: ApiVersionEntry) => (entry.latest ? null : entry.name);

/** The same page in `entry`'s version, or null when that version has no such page. */
export function samePageIn(entry: ApiVersionEntry, page: ApiPageIdentity): string | null {
  if (page.kind === "overview") return apiVersionRoot(segment(entry));
  if (page.kind === "tag") {
    const tag = entry.navigation.tags.find((candidate) => candidate.slug === page.tagSlug);
    return tag ? apiTagHref(tag.slug, segment(entry)) : null;
  }
  for (const tag of entry.navigation.tags) {
    const operation = tag.operations.find((candidate) => candidate.id === page.operationId);
    if (operation) return apiOperationHref(tag.slug, operation.slug, segment(entry));
  }
  return null;
}

/**
 * The versions in the picker's order: the latest first, then the earlier ones newest first
 * (by number: v10 after v9). An earlier version named like the latest is left out.
 */
export function orderVersions(latest: ApiVersionEntry, earlier: ApiVersionEntry[]): ApiVersionEntry[] {
  const number = (name: string) => Number(name.slice(1));
  return [
    latest,
    ...earlier
      .filter((entry) => entry.name !== latest.name)
      .sort((a, b) => number(b.name) - number(a.name) || a.name.localeCompare(b.name)),
  ];
}

/** The picker's links for a page of version `current`. */
export function versionLinks(versions: ApiVersionEntry[], current: string, page: ApiPageIdentity): ApiVersionLink[] {
  return versions.map((entry) => ({
    name: entry.name,
    href: samePageIn(entry, page) ?? apiVersionRoot(segment(entry)),
    latest: entry.latest,
    current: entry.name === current,
  }));
}
