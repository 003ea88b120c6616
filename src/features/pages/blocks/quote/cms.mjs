// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.
import { cmsOnly, id, string, text } from "../fields.mjs";

export const collection = "block_quote";

/** Its collections' fields, each once: its Directus type and what the view needs of it (../fields.mjs). */
export const fields = {
  block_quote: {
    id: id(),
    status: cmsOnly("string"),
    quote: text({ required: "non-empty" }),
    author_name: string(),
    author_title: string(),
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({ item: { quote: `Quote ${stamp}` }, shows: `Quote ${stamp}` });
