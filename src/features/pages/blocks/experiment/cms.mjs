// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build. The experiment itself and its
// variants are collections of their own (`experiments`, `experiment_variants`; decision 028).
import { boolean, cmsOnly, given, id, integer, many, one, string, timestamp } from "../fields.mjs";

export const collection = "block_experiment";

/** Its collections' fields, each once: its Directus type and what the view needs of it (../fields.mjs). */
export const fields = {
  block_experiment: {
    id: id(),
    status: cmsOnly("string"),
    experiment: one(
      "integer -> experiments",
      {
        key: string({ required: "non-empty" }),
        status: string(),
        start_at: timestamp(),
        stop_at: timestamp(),
        winner: string(),
        variants: many(
          "experiment_variants",
          {
            key: string({ required: "non-empty" }),
            weight: integer(),
            is_control: boolean(),
            section: one("integer -> sections", {
              id: id(),
              // Its placed blocks, of every content block type: index.tsx gives their selection.
              blocks: many("sections_blocks", given("placements"), { sort: ["sort"] }),
            }),
          },
          { sort: ["sort"], required: true },
        ),
      },
      { required: true },
    ),
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
