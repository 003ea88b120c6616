// What the CMS lets the site do with this feature's collections, as data (the format:
// cms/scripts/access-rules.mjs). `npm run cms:parts` copies it into cms/scripts/access.json, from
// which cms/scripts/setup.mjs makes the permissions and the revalidation flow's list.

export const access = {
  // Old addresses the site redirects (decision 015): anyone reads the active ones, without the
  // editors' notes.
  redirects: {
    read: { active: { _eq: true } },
    fields: ["id", "source", "match", "status_code", "target", "target_page", "target_post", "keep_query", "priority"],
  },
};
