/** Data every page's shell needs (header and footer), loaded on the server with the page. */
export interface StockQuote {
  ticker: string;
  value: number;
  currency: string;
  /** Change since the previous close, in percent. */
  changePercent: number;
  /** ISO timestamp of the quote. */
  lastUpdate: string;
}

export interface SiteChrome {
  name: string;
  /** Computed on the server so the server and client renders agree. */
  year: number;
  stock: StockQuote | null;
  privacyPolicyUrl: string;
  /** The subscriptions a visitor can choose in the footer's newsletter form. */
  newsletterTopics: { key: string; title: string; description: string }[];
  /** The CMS menus: header links, and footer columns (items with children). */
  menus: { header: MenuItem[]; footer: MenuItem[] };
  /** 'Book a meeting' target from the CMS site settings. */
  bookingUrl: string | null;
  /**
   * Editor preview of drafts: the shell shows a 'Preview' badge with this exit link, 'Edit in
   * CMS' links into `cmsUrl` (the Directus origin editors use), and the content version shown.
   */
  preview?: { exitHref: string; cmsUrl: string; version?: { collection: string; id: string; key: string }; release?: PreviewRelease };
}

/** A release an editor previews the whole site in: the bar names it and lists its changes. */
export interface PreviewRelease {
  id: string;
  name: string;
  state: string;
  publishAt: string | null;
  changes: {
    label: string;
    collection: string;
    /** The item's id. */
    item: string;
    action: "version" | "publish" | "unpublish";
    path: string | null;
    conflict: string | null;
  }[];
}

/** A CMS image as the views use it (URLs go through /_next/image). */
export interface ImageRef {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** One link of a CMS menu; a footer column is an item with children and no href. */
export interface MenuItem {
  id: string;
  label: string;
  href: string | null;
  children: MenuItem[];
}
