// What the site search holds: the contract between the content types that give documents
// (their descriptors' `search`) and the search feature that indexes them.

export interface SearchDocument {
  /** Unique across the whole index; the URL is a good choice (docSections uses it). */
  id: string;
  /**
   * What the item is ("doc", "post"…): the search feature lists the kinds it indexes, shows and
   * filters by; a document of a kind it does not list is left out of the index.
   */
  kind: string;
  /** Plain text (never HTML): the page, post or role title, or a doc section's heading. */
  title: string;
  /** Plain text of the headings inside the item (a doc page's h2/h3, a post's subheadings). */
  headings?: string;
  description?: string;
  /** Plain text of the content: see docSections and htmlToText. */
  body: string;
  /** Site path, may end with `#heading-id`. */
  url: string;
  /** Breadcrumb shown with the result: the doc page of a section, a doc's part of the docs, a role's department. */
  section?: string;
  /** ISO date (posts: published, events: start). Posts get a mild recency boost from it. */
  date?: string;
  /**
   * The API version an API reference page belongs to: the search shows the latest's pages unless
   * a reader asks for another version, and then that version's instead (other documents always).
   */
  version?: { name: string; latest: boolean };
  /**
   * The id of the item of its content type's collection it comes from: a change of that item
   * replaces just that item's documents. None: only a full comparison updates it.
   */
  item?: string;
}
