// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.

export const collection = "block_rich_text";

/** Its collections' fields and Directus types (`type -> collection` for a relation), as the schema snapshot has them. */
export const cmsFields = {
  block_rich_text: {
    id: "integer",
    status: "string",
    title: "string",
    body: "text",
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({ item: { body: `<p>Rich <strong>${stamp}</strong></p>` }, shows: `<strong>${stamp}</strong>` });
