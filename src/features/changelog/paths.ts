/** The changelog's URLs, shared by the loader, views, feeds and the docs pages that link to it. */
export const changelogPath = "/changelog";
export const changelogFeedPath = "/changelog/rss.xml";

/** The list's URL for a product and kind filter; no filter is the bare /changelog. */
export function changelogHref({ product = "", kind = "" }: { product?: string; kind?: string } = {}): string {
  const params = new URLSearchParams();
  if (product) params.set("product", product);
  if (kind) params.set("kind", kind);
  const query = params.toString();
  return query ? `${changelogPath}?${query}` : changelogPath;
}

/** One entry's own page (the list also keeps an anchor per entry, its slug). */
export const changelogEntryHref = (slug: string) => `${changelogPath}/${encodeURIComponent(slug)}`;

/** The RSS feed of one product's entries. */
export const changelogProductFeedPath = (product: string) => `${changelogPath}/${encodeURIComponent(product)}/rss.xml`;
