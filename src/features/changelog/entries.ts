/**
 * Changelog entries as the site shows them, shared by the loader, the views and the feeds (and
 * so by the server and the browser's router): kinds, product slugs, filters.
 */

import { decodeEntities } from "../../lib/sanitize-html";

export const changelogKinds = ["new", "improved", "fixed", "deprecated"] as const;
export type ChangelogKind = (typeof changelogKinds)[number];
const isChangelogKind = (value: unknown): value is ChangelogKind =>
  typeof value === "string" && (changelogKinds as readonly string[]).includes(value);

export interface ChangelogProduct {
  /** In the query string and feed URL: "gpu-clusters". */
  slug: string;
  /** As editors wrote it: "GPU Clusters". */
  name: string;
}

export interface ChangelogEntry {
  slug: string;
  title: string;
  kind: ChangelogKind;
  products: ChangelogProduct[];
  /** The entry's date (ISO). */
  date: string | null;
  /** Rendered Markdown (sanitised on the server). */
  html: string;
}

/** A short reference to an entry, for the "Changes" links of docs and API pages. */
export interface ChangelogLink {
  slug: string;
  title: string;
  kind: ChangelogKind;
  date: string | null;
}

/** "GPU Clusters" → "gpu-clusters". */
const productSlug = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The products of an entry: strings from the CMS's JSON array, anything else dropped. */
function productsOf(raw: unknown): ChangelogProduct[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const products: ChangelogProduct[] = [];
  for (const value of raw) {
    if (typeof value !== "string" || !value.trim()) continue;
    const product = { name: value.trim(), slug: productSlug(value) };
    if (!product.slug || seen.has(product.slug)) continue;
    seen.add(product.slug);
    products.push(product);
  }
  return products;
}

/** Every product named by the entries, with their counts, by name. */
export function productFacets(entries: ChangelogEntry[]): (ChangelogProduct & { count: number })[] {
  const counts = new Map<string, ChangelogProduct & { count: number }>();
  for (const entry of entries)
    for (const product of entry.products) {
      const found = counts.get(product.slug);
      if (found) found.count += 1;
      else counts.set(product.slug, { ...product, count: 1 });
    }
  return [...counts.values()].sort((a, b) => a.name.localeCompare(b.name, "en"));
}

export interface ChangelogFilters {
  /** A product slug, or "" for all. */
  product: string;
  /** A kind, or "" for all. */
  kind: ChangelogKind | "";
}

/** `?product=&kind=`; an unknown kind is "no such filter" (the loader answers 404). */
export function parseChangelogFilters(search: URLSearchParams): ChangelogFilters | null {
  const product = (search.get("product") ?? "").trim().slice(0, 100);
  const kind = (search.get("kind") ?? "").trim();
  if (kind && !isChangelogKind(kind)) return null;
  return { product, kind: kind as ChangelogKind | "" };
}

export const filterEntries = (entries: ChangelogEntry[], { product, kind }: ChangelogFilters) =>
  entries.filter((entry) => (!kind || entry.kind === kind) && (!product || entry.products.some((p) => p.slug === product)));

/** The first words of an entry's rendered body as plain text: its page's description (about 160 characters). */
export function entrySummary(html: string, max = 160): string {
  // Blocks end with a space, inline tags (`<code>`, `<strong>`) leave nothing: "in `eu-north-1`." stays one phrase.
  const text = decodeEntities(
    html
      .replace(/<pre[\s\S]*?<\/pre>/g, " ")
      .replace(/<\/?(?:p|li|ul|ol|h[1-6]|div|blockquote|table|tr|td|th|br)\b[^>]*>/g, " ")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

/** An entry from the query (its body rendered on the server); an unknown kind is left out by the caller. */
export function reshapeChangelogEntry(row: {
  slug: string;
  title: string | null;
  kind: string | null;
  products: unknown;
  published_at: string | null;
  html: string;
}): ChangelogEntry | null {
  if (!isChangelogKind(row.kind)) return null;
  return {
    slug: row.slug,
    title: row.title?.trim() || row.slug,
    kind: row.kind,
    products: productsOf(row.products),
    date: row.published_at,
    html: row.html,
  };
}

function reshapeChangelogLink(row: {
  slug: string;
  title: string | null;
  kind: string | null;
  published_at: string | null;
}): ChangelogLink | null {
  if (!isChangelogKind(row.kind)) return null;
  return { slug: row.slug, title: row.title?.trim() || row.slug, kind: row.kind, date: row.published_at };
}

/** The entries (of the links query) that name this docs page or operation, newest first. */
export function changesFor(
  rows: readonly {
    slug: string;
    title: string | null;
    kind: string | null;
    published_at: string | null;
    operations?: unknown;
    docs_pages?: readonly ({ docs_pages_id?: { id: string } | null } | null)[] | null;
  }[],
  target: { docsPageId?: string; operationId?: string },
): ChangelogLink[] {
  return rows
    .filter((row) =>
      target.docsPageId
        ? (row.docs_pages ?? []).some((link) => link?.docs_pages_id?.id === target.docsPageId)
        : Array.isArray(row.operations) && row.operations.includes(target.operationId),
    )
    .map(reshapeChangelogLink)
    .filter((link): link is ChangelogLink => link !== null);
}
