import { defineContentType } from "../../content/content-type.server";
import { changelogEntryHref, changelogHref } from "../../lib/paths/changelog";
import { markdownText } from "../search";
import { type ChangelogEntry, productFacets, reshapeChangelogEntry } from "./entries";
import { changelogEntriesQuery, searchChangelogQuery } from "./queries";

/**
 * Changelog entries: published at `published_at`. An entry has no page of its own (it is a place
 * on /changelog), so no preview and no versions; each product's changelog is a page of its own
 * in the sitemap (its own title, feed and canonical address).
 */
export const changelogContentType = defineContentType({
  collection: "changelog_entries",
  status: true,
  publishTimeField: "published_at",
  sitemap: {
    operation: changelogEntriesQuery,
    urls: (data) =>
      productFacets(data.changelog_entries.map(reshapeChangelogEntry).filter((entry): entry is ChangelogEntry => entry !== null)).map(
        (product) => ({ path: changelogHref({ product: product.slug }) }),
      ),
  },
  // Entries are found with the docs (kind "doc", section "Changelog"): release notes are read
  // alongside the pages they change, and a kind of their own would be one more filter.
  search: {
    reads: [searchChangelogQuery],
    async *documents(content) {
      for (const entry of (await content.query(searchChangelogQuery)).changelog_entries) {
        if (!entry.title) continue;
        const products = Array.isArray(entry.products) ? entry.products.filter((product) => typeof product === "string") : [];
        yield {
          id: changelogEntryHref(entry.slug),
          kind: "doc",
          title: entry.title,
          description: products.join(" · ") || undefined,
          body: markdownText(entry.body ?? ""),
          url: changelogEntryHref(entry.slug),
          section: "Changelog",
          date: entry.published_at ?? undefined,
        };
      }
    },
  },
});
