// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.

export const collection = "block_cta";

/** Its collections' fields and Directus types (`type -> collection` for a relation), as the schema snapshot has them. */
export const cmsFields = {
  block_cta: {
    id: "integer",
    status: "string",
    eyebrow: "string",
    title: "string",
    text: "text",
    primary_label: "string",
    primary_href: "string",
    secondary_label: "string",
    secondary_href: "string",
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({ item: { title: `Act ${stamp}` }, shows: `Act ${stamp}` });
