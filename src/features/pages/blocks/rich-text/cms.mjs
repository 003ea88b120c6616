// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.
import { cmsOnly, id, string, text } from "../fields.mjs";

export const collection = "block_rich_text";

/** Its collections' fields, each once: its Directus type and what the view needs of it (../fields.mjs). */
export const fields = {
  block_rich_text: {
    id: id(),
    status: cmsOnly("string"),
    title: string(),
    body: text(),
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({ item: { body: `<p>Rich <strong>${stamp}</strong></p>` }, shows: `<strong>${stamp}</strong>` });
