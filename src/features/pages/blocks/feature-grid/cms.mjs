// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.

export const collection = "block_feature_grid";

/** Its collections' fields and Directus types (`type -> collection` for a relation), as the schema snapshot has them. */
export const cmsFields = {
  block_feature_grid: {
    id: "integer",
    status: "string",
    title: "string",
    text: "text",
    cards: "alias",
  },
  block_feature_grid_items: {
    id: "integer",
    block: "integer -> block_feature_grid",
    sort: "integer",
    icon: "string",
    title: "string",
    text: "text",
    href: "string",
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({
  item: { title: `Grid ${stamp}`, cards: [{ title: "Card one", icon: "storage" }] },
  shows: "Card one",
});
