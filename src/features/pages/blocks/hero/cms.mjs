// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.
import { cmsOnly, file, id, string, text } from "../fields.mjs";

export const collection = "block_hero";

/** Its collections' fields, each once: its Directus type and what the view needs of it (../fields.mjs). */
export const fields = {
  block_hero: {
    id: id(),
    status: cmsOnly("string"),
    eyebrow: string(),
    headline: string({ required: "non-empty" }),
    text: text(),
    primary_label: string(),
    primary_href: string(),
    secondary_label: string(),
    secondary_href: string(),
    image: file(),
    // Not `oneOf`: a value the view does not know (a choice removed later) draws the default
    // instead of dropping the page's h1 with the block.
    illustration: string(),
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({ item: { headline: `Hero ${stamp}`, illustration: "network" }, shows: `Hero ${stamp}` });
