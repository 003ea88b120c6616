import { defineContentType } from "../../content/content-type.server";
import { changelogHref } from "../../lib/paths/changelog";
import { type ChangelogEntry, productFacets, reshapeChangelogEntry } from "./entries";
import { changelogEntriesQuery } from "./queries";

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
});
