// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.
import { cmsOnly, id, string, text } from "../fields.mjs";
import { plan } from "../plan.mjs";

export const collection = "block_pricing_table";

/** Its collections' fields, each once: its Directus type and what the view needs of it (../fields.mjs). */
export const fields = {
  block_pricing_table: {
    id: id(),
    status: cmsOnly("string"),
    title: string(),
    text: text(),
    plan,
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp, plan }) => ({ item: { title: `Prices ${stamp}`, plan }, shows: "H100 SXM" });
