// What the CMS lets the site do with this feature's collections, as data (the format:
// cms/scripts/access-rules.mjs). The site reads a release only in an editor's preview (the
// Preview role: its name, its changes); the public and the site's read token never do. The
// editorial roles (authors, reviewers, publishers) are made by flows.mjs.

export const access = {
  releases: { preview: true },
  release_changes: { preview: true },
};
