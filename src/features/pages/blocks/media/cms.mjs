// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.
import { cmsOnly, file, id, string } from "../fields.mjs";

export const collection = "block_media";

/** Its collections' fields, each once: its Directus type and what the view needs of it (../fields.mjs). */
export const fields = {
  block_media: {
    id: id(),
    status: cmsOnly("string"),
    image: file({ required: true }),
    alt: string({ required: true }),
    caption: string(),
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp, image }) => ({
  item: { image, alt: `Alt ${stamp}`, caption: `Caption ${stamp}` },
  shows: `Caption ${stamp}`,
});
