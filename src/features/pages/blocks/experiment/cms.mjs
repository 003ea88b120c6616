// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build. The experiment itself and its
// variants are collections of their own (`experiments`, `experiment_variants`; decision 028).

export const collection = "block_experiment";

/** Its collections' fields and Directus types (`type -> collection` for a relation), as the schema snapshot has them. */
export const cmsFields = {
  block_experiment: {
    id: "integer",
    status: "string",
    experiment: "integer -> experiments",
  },
};

/**
 * Data an editor could save (`item`: a running experiment of one variant, created with the block)
 * and what of it the page's HTML shows (`shows`: the control's section), for the tests.
 */
export const sample = ({ stamp }) => {
  const key = `sample-${String(stamp)
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "-")}`.slice(0, 40);
  return {
    item: {
      experiment: {
        key,
        name: `Experiment ${stamp}`,
        status: "running",
        variants: [
          {
            key: "control",
            label: "Control",
            weight: 1,
            is_control: true,
            section: {
              status: "published",
              name: `Experiment control ${stamp}`,
              blocks: [{ collection: "block_cta", item: { status: "published", title: `Control of ${stamp}` } }],
            },
          },
        ],
      },
    },
    shows: `Control of ${stamp}`,
  };
};
