// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.

export const collection = "block_media";

/** Its collections' fields and Directus types (`type -> collection` for a relation), as the schema snapshot has them. */
export const cmsFields = {
  block_media: {
    id: "integer",
    status: "string",
    image: "uuid -> directus_files",
    alt: "string",
    caption: "string",
  },
};

/** Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests. */
export const sample = ({ stamp, image }) => ({
  item: { image, alt: `Alt ${stamp}`, caption: `Caption ${stamp}` },
  shows: `Caption ${stamp}`,
});
