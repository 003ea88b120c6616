// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.

export const collection = "block_hero";

/** Its collections' fields and Directus types (`type -> collection` for a relation), as the schema snapshot has them. */
export const cmsFields = {
  block_hero: {
    id: "integer",
    status: "string",
    eyebrow: "string",
    headline: "string",
    text: "text",
    primary_label: "string",
    primary_href: "string",
    secondary_label: "string",
    secondary_href: "string",
    image: "uuid -> directus_files",
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({ item: { headline: `Hero ${stamp}` }, shows: `Hero ${stamp}` });
