// What the CMS lets the site do with this feature's collections, as data (the format:
// cms/scripts/access-rules.mjs). `npm run cms:parts` copies it into cms/scripts/access.json, from
// which cms/scripts/setup.mjs makes the permissions and the revalidation flow's list.

export const access = {
  // "Was this page helpful?" answers with a comment: created by the site's token only (after its
  // checks and rate limit, or later from its queue); read by editors alone.
  docs_feedback: {
    siteToken: { create: { fields: ["page", "helpful", "comment", "feedback_id"], required: ["page", "helpful", "feedback_id"] } },
  },
};
