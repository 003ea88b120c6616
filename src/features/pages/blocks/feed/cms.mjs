// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.
import { cmsOnly, id, string, text } from "../fields.mjs";

export const collection = "block_feed";

/** Its collections' fields, each once: its Directus type and what the view needs of it (../fields.mjs). */
export const fields = {
  block_feed: {
    id: id(),
    status: cmsOnly("string"),
    kind: string({ required: true, oneOf: ["latest_posts", "next_event", "open_roles", "search_proposals"] }),
    title: string(),
    text: text(),
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp }) => ({ item: { kind: "open_roles", title: `Roles ${stamp}` }, shows: `Roles ${stamp}` });
