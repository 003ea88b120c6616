// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.
import { cmsOnly, given, id, one, string, text } from "../fields.mjs";

export const collection = "block_form";

/** Its collections' fields, each once: its Directus type and what the view needs of it (../fields.mjs). */
export const fields = {
  block_form: {
    id: id(),
    status: cmsOnly("string"),
    kind: string({ required: true, oneOf: ["contact_sales"] }),
    title: string(),
    text: text(),
    email: string({ format: "email" }),
    // The form the editor chose, read as the forms feature reads it: index.tsx gives its selection.
    form: one("integer -> forms", given("form")),
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({
  item: { kind: "contact_sales", title: `Form ${stamp}`, email: "sales@meridian.example" },
  shows: "mailto:sales@meridian.example",
});
