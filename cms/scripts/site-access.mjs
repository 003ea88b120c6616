// The CMS access of the collections of the site as a whole (no feature owns them: the site's
// chrome, its files, the editors' content versions), declared like a feature's
// src/features/<name>/cms/access.mjs (the format: access-rules.mjs). setup.mjs reads it directly;
// the image copies it (cms/Dockerfile).

export const access = {
  // The site's frame: settings, the share price in the header, the menus.
  site_settings: { read: "open" },
  stock_quote: { read: "open" },
  navigation: { read: "open" },
  navigation_items: { read: "open" },
  // Files: the site fetches an upload with its read token and serves it resized through
  // /_next/image, so anonymous `/files` and `/assets` give nothing away (drafts' uploads included).
  // Every file (an empty filter); a change to one is the change of the item that shows it.
  directus_files: { read: {}, public: false, revalidate: false },
  // Content versions: the Preview role previews a named version (`posts_by_id(id, version)`).
  directus_versions: { preview: true },
};
