// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.
import { cmsOnly, id, many, string, text } from "../fields.mjs";

export const collection = "block_feature_grid";

/** A card (`block_feature_grid_items`, one-to-many): its own collection, so declared once and read in the block. */
const card = {
  id: id(),
  block: cmsOnly("integer -> block_feature_grid"),
  sort: cmsOnly("integer"),
  icon: string(),
  title: string({ required: true }),
  text: text(),
  href: string(),
};

/** Its collections' fields, each once: its Directus type and what the view needs of it (../fields.mjs). */
export const fields = {
  block_feature_grid: {
    id: id(),
    status: cmsOnly("string"),
    title: string(),
    text: text(),
    cards: many("block_feature_grid_items", card, { sort: ["sort"], required: true }),
  },
  block_feature_grid_items: card,
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({
  item: { title: `Grid ${stamp}`, cards: [{ title: "Card one", icon: "storage" }] },
  shows: "Card one",
});
