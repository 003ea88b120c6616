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
  /** The experiment whose variant shows this block (decision 028): a click on its links may be the experiment's goal. */
  experiment?: string;
}

export interface CmsPageData {
  title: string;
  blocks: PageBlock[];
}
