/** Every Directus collection the site reads. Webhooks for anything else are ignored. */
export const contentCollections = [
  "authors",
  "posts",
  "jobs",
  "events",
  "speakers",
  "events_speakers",
  "newsletter_topics",
  "search_proposals",
  "stock_quote",
  "site_settings",
  "docs_sections",
  "docs_pages",
  "directus_files",
] as const;

export type ContentCollection = (typeof contentCollections)[number];

export const isContentCollection = (name: string): name is ContentCollection => (contentCollections as readonly string[]).includes(name);
