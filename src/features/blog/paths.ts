/** The blog's URLs, shared by loaders, views and the RSS feed. */
export const blogPath = "/blog";
export const blogRssPath = "/blog/rss.xml";

export const postHref = (slug: string) => `${blogPath}/${encodeURIComponent(slug)}`;
export const authorHref = (id: string) => `${blogPath}/authors/${encodeURIComponent(id)}`;

/** The list's URL for a page and tag filter; page 1 and no tag are the bare /blog. */
export function blogListHref({ page = 1, tag = null }: { page?: number; tag?: string | null } = {}): string {
  const params = new URLSearchParams();
  if (tag) params.set("tag", tag);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${blogPath}?${query}` : blogPath;
}
