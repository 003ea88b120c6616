// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.

export const collection = "block_code";

/** Its collections' fields and Directus types (`type -> collection` for a relation), as the schema snapshot has them. */
export const cmsFields = {
  block_code: {
    id: "integer",
    status: "string",
    title: "string",
    language: "string",
    code: "text",
    caption: "string",
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({ item: { language: "bash", code: `echo code-${stamp}` }, shows: 'class="code hl"' });
