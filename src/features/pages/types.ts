/** A CMS page as its view uses it: blocks validated and reshaped by their block type. */
export interface PageBlock {
  /** Unique within the page: placement id, and the section's when it came from a section. */
  key: string;
  /** The block's collection (its type) and item id: visual editing targets these. */
  collection: string;
  id: string;
  anchor: string | null;
  /** What the block type's view takes (its `reshape` output). */
  data: unknown;
}

export interface CmsPageData {
  title: string;
  blocks: PageBlock[];
}

/** One link of a CMS menu; a footer column is an item with children and no href. */
export interface MenuItem {
  id: string;
  label: string;
  href: string | null;
  children: MenuItem[];
}
