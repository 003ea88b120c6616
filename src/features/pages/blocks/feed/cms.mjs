// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.

export const collection = "block_feed";

/** Its collections' fields and Directus types (`type -> collection` for a relation), as the schema snapshot has them. */
export const cmsFields = {
  block_feed: {
    id: "integer",
    status: "string",
    kind: "string",
    title: "string",
    text: "text",
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({ item: { kind: "open_roles", title: `Roles ${stamp}` }, shows: `Roles ${stamp}` });
