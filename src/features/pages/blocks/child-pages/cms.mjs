// This block's CMS side (what define.ts says a block folder holds), in plain JavaScript so the
// Node-side CMS tests and the schema check read it without a build.
import { cmsOnly, id, string, text } from "../fields.mjs";

export const collection = "block_child_pages";

/**
 * Its collections' fields, each once: its Directus type and what the view needs of it (../fields.mjs).
 * The pages it lists are no field of its own: they are the published pages under the page that
 * shows it, which the page query reads (`children`), so a new page appears without an edit here.
 */
export const fields = {
  block_child_pages: {
    id: id(),
    status: cmsOnly("string"),
    title: string(),
    text: text(),
  },
};

/**
 * What the page query reads of the page that shows the block: the pages under it, live by the same
 * rule as the page itself (status and publish time; `$status` and `$now` are the server's), in the
 * order editors drag them in the page's "Pages under this one". Here, in plain JavaScript, so the
 * CMS test runs the very selection the site sends.
 */
export const childrenSelection = `children(filter: { status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, sort: ["sort", "title"], limit: 100) {
      id
      title
      path
      seo_description
      sort
    }`;

/**
 * Data an editor could save (`item`) and what of it the page's HTML shows (`shows`), for the tests.
 * The tests' page has no pages under it: the heading still shows.
 */
export const sample = ({ stamp }) => ({ item: { title: `Under this page ${stamp}` }, shows: `Under this page ${stamp}` });
