// What the CMS lets the site do with this feature's collections, as data (the format:
// cms/scripts/access-rules.mjs). `npm run cms:parts` copies it into cms/scripts/access.json, from
// which cms/scripts/setup.mjs makes the permissions and the revalidation flow's list.

export const access = {
  changelog_entries: { read: "content-type" },
  // An entry's docs pages: both ends live.
  changelog_entries_docs_pages: {
    read: { _and: [{ changelog_entries_id: { $live: "changelog_entries" } }, { docs_pages_id: { $live: "docs_pages" } }] },
  },
};
