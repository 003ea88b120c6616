// What the CMS lets the site do with this feature's collections, as data (the format:
// cms/scripts/access-rules.mjs). `npm run cms:parts` copies it into cms/scripts/access.json, from
// which cms/scripts/setup.mjs makes the permissions and the revalidation flow's list.

export const access = {
  // The searches the dialog proposes.
  search_proposals: { read: "live" },
  // Search gaps (decision 025, the searches that found nothing): filled by the site's cron with
  // the site's token, which finds the known queries, adds new ones (status "new" by default) and
  // updates their count and last search; the status and note are the editors'. Nobody else reads them.
  search_gaps: {
    siteToken: {
      read: { fields: ["id", "query"] },
      create: { fields: ["query", "count", "last_seen"], required: ["query", "count", "last_seen"] },
      update: { fields: ["count", "last_seen"] },
    },
  },
};
