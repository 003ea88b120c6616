import * as z from "zod/mini";
import { richTextOptions } from "../content/queries/blog";
import { sanitizeHtml } from "../lib/sanitize-html";
import { useEditable } from "../views/editable";
import { Prose } from "../views/ui/Prose";
import { defineBlock } from "./define";
import { BlockFrame, h2Class, headingId, idSchema, text } from "./parts";

/** Formatted text from the CMS editor, through the site's sanitiser (like article bodies). */
export const richTextBlock = defineBlock({
  collection: "block_rich_text",
  fields: "id title body",
  schema: z.object({ id: idSchema, title: text, body: text }),
  reshape: (raw, context) => ({ title: raw.title ?? null, html: sanitizeHtml(raw.body, richTextOptions(context.config)) }),
  // HTML: the search index turns it into text.
  searchText: (raw) => [raw.title, raw.body],
  View({ data, placement }) {
    const edit = useEditable();
    const titleId = headingId(placement.collection, placement.id);
    return (
      <BlockFrame id={placement.anchor} labelledBy={data.title ? titleId : undefined}>
        <div className="mx-auto max-w-3xl">
          {data.title && (
            <h2 id={titleId} className={h2Class} {...edit("title", { collection: placement.collection, item: placement.id })}>
              {data.title}
            </h2>
          )}
          <div className={data.title ? "mt-6" : undefined} {...edit("body", { collection: placement.collection, item: placement.id })}>
            <Prose html={data.html} />
          </div>
        </div>
      </BlockFrame>
    );
  },
});
