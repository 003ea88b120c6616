// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.

export const collection = "block_form";

/** Its collections' fields and Directus types (`type -> collection` for a relation), as the schema snapshot has them. */
export const cmsFields = {
  block_form: {
    id: "integer",
    status: "string",
    kind: "string",
    title: "string",
    text: "text",
    email: "string",
    form: "integer -> forms",
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({
  item: { kind: "contact_sales", title: `Form ${stamp}`, email: "sales@meridian.example" },
  shows: "mailto:sales@meridian.example",
});
