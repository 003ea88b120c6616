/** The blog's URLs, shared by loaders, views and the RSS feed. */
export const blogPath = "/blog";
export const blogRssPath = "/blog/rss.xml";

export const postHref = (slug: string) => `${blogPath}/${encodeURIComponent(slug)}`;
export const authorHref = (id: string) => `${blogPath}/authors/${encodeURIComponent(id)}`;

/** The list's URL for a page and tag filter; page 1 and no tag are the bare /blog. */
export function blogListHref({ page = 1, tag = null }: { page?: number; tag?: string | null } = {}): string {
  // The query exactly as URLSearchParams writes it, without one: the list renders a link per
  // tag, and a URLSearchParams object for each was a visible share of the page's render.
  const query = [tag ? formPair("tag", tag) : "", page > 1 ? `page=${page}` : ""].filter(Boolean).join("&");
  return query ? `${blogPath}?${query}` : blogPath;
}

/** The characters encodeURIComponent leaves but application/x-www-form-urlencoded escapes, and the space. */
const formEscape = (match: string) => (match === "%20" ? "+" : `%${match.charCodeAt(0).toString(16).toUpperCase()}`);

/** `name=value` in application/x-www-form-urlencoded, as URLSearchParams serialises it. */
function formPair(name: string, value: string): string {
  try {
    return `${name}=${encodeURIComponent(value).replace(/%20|[!'()~]/g, formEscape)}`;
  } catch {
    // A lone surrogate (encodeURIComponent throws): URLSearchParams writes it as U+FFFD.
    return new URLSearchParams({ [name]: value }).toString();
  }
}
