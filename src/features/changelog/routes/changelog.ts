import { filterEntries, parseChangelogFilters, productFacets, reshapeChangelogEntry, type ChangelogEntry } from "../entries";
import { changelogEntriesQuery } from "../queries";
import { t } from "../../../i18n";
import { changelogEntryHref, changelogHref } from "../paths";
import { ChangelogPage } from "../views/ChangelogPage";
import { defineRoute, PageNotFound } from "../../../router/define";

/**
 * `/changelog`: every live entry in one cached query, filtered by `?product=` and `?kind=` in the
 * loader (the browser filters the same data on a client navigation). An unknown kind or a
 * product no entry names is a 404, like an unknown blog tag.
 */
export default defineRoute({
  operations: [changelogEntriesQuery],
  View: ChangelogPage,
  async load({ url, content, config }) {
    const filters = parseChangelogFilters(url.searchParams);
    if (!filters) throw new PageNotFound("changelog kind");
    const result = await content.query(changelogEntriesQuery);
    const all = result.changelog_entries.map(reshapeChangelogEntry).filter((entry): entry is ChangelogEntry => entry !== null);
    const products = productFacets(all);
    const product = products.find((candidate) => candidate.slug === filters.product) ?? null;
    if (filters.product && !product) throw new PageNotFound("changelog product");
    const entries = filterEntries(all, filters);
    const title = product ? t("changelog.meta_title_product", { product: product.name }) : t("changelog.title");
    return {
      data: { entries, products, filters, productName: product?.name ?? null, total: all.length },
      meta: {
        title,
        description: t("changelog.description", { name: config.name }),
        path: changelogHref(filters),
        canonical: filters.kind ? changelogHref({ product: filters.product }) : undefined,
        // A product's changelog is worth indexing; kind filters only repeat it.
        noindex: Boolean(filters.kind) || undefined,
        jsonLd: [
          {
            "@context": "https://schema.org",
            "@type": "ItemList",
            name: title,
            numberOfItems: entries.length,
            itemListElement: entries.slice(0, 50).map((entry, index) => ({
              "@type": "ListItem",
              position: index + 1,
              url: new URL(changelogEntryHref(entry.slug), config.url).toString(),
              name: entry.title,
            })),
          },
        ],
      },
    };
  },
});
