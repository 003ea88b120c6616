/** The careers pages' URLs, shared by loaders, views, search, the sitemap and previews. */
const careersPath = "/careers";

export const jobHref = (slug: string) => `${careersPath}/${encodeURIComponent(slug)}`;
