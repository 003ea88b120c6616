// What the CMS lets the site do with this feature's collections, as data (the format:
// cms/scripts/access-rules.mjs). `npm run cms:parts` copies it into cms/scripts/access.json, from
// which cms/scripts/setup.mjs makes the permissions and the revalidation flow's list.

/**
 * What the site shows of an experiment (decision 028): the running and stopped ones (a stopped
 * one shows its winner, else its control); drafts stay with editors.
 */
const SHOWN = { status: { _in: ["running", "stopped"] } };

export const access = {
  // Only the site's read token reads them, like the blocks that place them.
  experiments: { read: SHOWN, public: false },
  experiment_variants: { read: { experiment: SHOWN }, public: false },
};
