// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.
import { cmsOnly, id, string, text } from "../fields.mjs";

export const collection = "block_cta";

/** Its collections' fields, each once: its Directus type and what the view needs of it (../fields.mjs). */
export const fields = {
  block_cta: {
    id: id(),
    status: cmsOnly("string"),
    eyebrow: string(),
    title: string({ required: true }),
    text: text(),
    primary_label: string(),
    primary_href: string(),
    secondary_label: string(),
    secondary_href: string(),
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({ item: { title: `Act ${stamp}` }, shows: `Act ${stamp}` });
