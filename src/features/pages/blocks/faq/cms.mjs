// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.
import { cmsOnly, id, json, list, string } from "../fields.mjs";

export const collection = "block_faq";

/** Its collections' fields, each once: its Directus type and what the view needs of it (../fields.mjs). */
export const fields = {
  block_faq: {
    id: id(),
    status: cmsOnly("string"),
    title: string(),
    items: json(list({ question: string({ required: "non-empty" }), answer: string({ required: "non-empty" }) }), { required: true }),
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({
  item: { items: [{ question: `Question ${stamp}?`, answer: "Answer." }] },
  shows: `Question ${stamp}?`,
});
