import { defineContentType } from "../../content/content-type.server";
import { changelogEntryHref, changelogHref } from "./paths";
import { markdownText } from "../search";
import { type ChangelogEntry, productFacets, reshapeChangelogEntry } from "./entries";
import type { SearchDocument } from "../../content/search-document";
import type { SearchChangelogQuery } from "../../content/generated/operations";
import { changelogEntriesQuery, changelogEntryPathQuery, searchChangelogByIdsQuery, searchChangelogQuery } from "./queries";

/** An entry as the search finds it; none without a title. */
function entryDocument(entry: SearchChangelogQuery["changelog_entries"][number]): SearchDocument[] {
  if (!entry.title) return [];
  const products = Array.isArray(entry.products) ? entry.products.filter((product) => typeof product === "string") : [];
  return [
    {
      id: changelogEntryHref(entry.slug),
      kind: "doc",
      title: entry.title,
      description: products.join(" · ") || undefined,
      body: markdownText(entry.body ?? ""),
      url: changelogEntryHref(entry.slug),
      section: "Changelog",
      date: entry.published_at ?? undefined,
      item: entry.id,
    },
  ];
}

/**
 * Changelog entries: published at `published_at`. Each has a page of its own (shared with its own
 * card) and a place on /changelog; each product's changelog is a page of its own in the sitemap
 * (its own title, feed and canonical address). No content versions: an entry is short.
 */
export const changelogContentType = defineContentType({
  collection: "changelog_entries",
  status: true,
  publishTimeField: "published_at",
  async previewPath(content, id) {
    const slug = (await content.query(changelogEntryPathQuery, { id })).changelog_entries_by_id?.slug;
    return slug ? changelogEntryHref(slug) : null;
  },
  sitemap: {
    operation: changelogEntriesQuery,
    urls: (data) => {
      const entries = data.changelog_entries.map(reshapeChangelogEntry).filter((entry): entry is ChangelogEntry => entry !== null);
      return [
        ...productFacets(entries).map((product) => ({ path: changelogHref({ product: product.slug }) })),
        ...entries.map((entry) => ({ path: changelogEntryHref(entry.slug), lastmod: entry.date })),
      ];
    },
  },
  // Entries are found with the docs (kind "doc", section "Changelog"): release notes are read
  // alongside the pages they change, and a kind of their own would be one more filter.
  search: {
    reads: [searchChangelogQuery],
    async *documents(content) {
      for (const entry of (await content.query(searchChangelogQuery)).changelog_entries) yield* entryDocument(entry);
    },
    async *itemDocuments(content, ids) {
      const { changelog_entries } = await content.query(searchChangelogByIdsQuery, { ids: [...ids] });
      for (const entry of changelog_entries) yield* entryDocument(entry);
    },
  },
});
