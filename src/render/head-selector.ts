/**
 * Every element of the head that belongs to a page. The server writes them, and after a client
 * navigation the router removes exactly these and writes the next page's, so nothing of the
 * previous page (a robots tag, JSON-LD, an og:image) is left behind. A module of its own: the
 * boot script needs the selector, not the head's writer.
 */
export const managedHeadSelector = [
  "title",
  'meta[name="description"]',
  'link[rel="canonical"]',
  'meta[name="robots"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'meta[property^="article:"]',
  'script[type="application/ld+json"]',
].join(", ");
