// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.
import { cmsOnly, id, json, list, string } from "../fields.mjs";

export const collection = "block_stats";

/** Its collections' fields, each once: its Directus type and what the view needs of it (../fields.mjs). */
export const fields = {
  block_stats: {
    id: id(),
    status: cmsOnly("string"),
    title: string(),
    items: json(list({ value: string({ required: true }), label: string({ required: true }) }), { required: true }),
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({ item: { items: [{ value: "42", label: `Label ${stamp}` }] }, shows: `Label ${stamp}` });
