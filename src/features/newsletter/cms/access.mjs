// What the CMS lets the site do with this feature's collections, as data (the format:
// cms/scripts/access-rules.mjs). `npm run cms:parts` copies it into cms/scripts/access.json, from
// which cms/scripts/setup.mjs makes the permissions and the revalidation flow's list.

export const access = {
  newsletter_topics: { read: "live" },
  // Sign-ups: created by the site's token only; the flow "Newsletter sign-up check" judges each row.
  newsletter_subscriptions: {
    siteToken: {
      create: { fields: ["email", "topics", "agreed_at", "source_page"], required: ["email", "agreed_at", "topics"] },
    },
  },
};
