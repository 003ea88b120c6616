// What the CMS lets the site do with this feature's collections, as data (the format:
// cms/scripts/access-rules.mjs). `npm run cms:parts` copies it into cms/scripts/access.json, from
// which cms/scripts/setup.mjs makes the permissions and the revalidation flow's list.

/**
 * Every block type (the block_* collections the schema snapshot lets a section hold): published
 * only as part of a live page, which a Directus permission cannot express (no filter through the
 * many-to-any relation back to the page). By their own status a draft or scheduled page's blocks,
 * or a block left behind by a deleted page, would be public: only the site's read token reads them,
 * through its page query.
 */
export const blocks = { read: "live", public: false };

export const access = {
  pages: { read: "content-type" },
  // Sections (groups of blocks several pages show) and the parts of blocks: like the blocks.
  sections: { read: "content-type", public: false },
  block_feature_grid_items: { read: "open", public: false },
  // A page's blocks: of a live page, and inside their show_from/show_until window (queries filter
  // the window with the server's $now as well).
  pages_blocks: {
    read: { _and: [{ pages_id: { $live: "pages" } }, { $from: "show_from" }, { $until: "show_until" }] },
    public: false,
  },
  sections_blocks: {
    read: { _and: [{ sections_id: { $live: "sections" } }, { $from: "show_from" }, { $until: "show_until" }] },
    public: false,
  },
  // Price lists and their offers (the pricing and comparison tables).
  plans: { read: "live" },
  prices: { read: "live" },
};
