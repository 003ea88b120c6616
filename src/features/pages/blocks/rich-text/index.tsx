import * as z from "zod/mini";
import { richTextOptions } from "../../../blog";
import { sanitizeHtml } from "../../../../lib/sanitize-html";
import { useEditable } from "../../../../ui/editable";
import { Prose } from "../../../../ui/Prose";
import { defineBlock } from "../define";
import { collection } from "./cms.mjs";
import { BlockFrame, BlockTitle, idSchema, text, titleIdOf } from "../parts";

/** Formatted text from the CMS editor, through the site's sanitiser (like article bodies). */
export const richTextBlock = defineBlock({
  collection,
  fields: "id title body",
  schema: z.object({ id: idSchema, title: text, body: text }),
  reshape: (raw, context) => ({ title: raw.title ?? null, html: sanitizeHtml(raw.body, richTextOptions(context.config)) }),
  // HTML: the search index turns it into text.
  searchText: (raw) => [raw.title, raw.body],
  View({ data, placement }) {
    const edit = useEditable();
    return (
      <BlockFrame id={placement.anchor} labelledBy={titleIdOf(placement, data.title)}>
        <div className="mx-auto max-w-3xl">
          <BlockTitle placement={placement} title={data.title} />
          <div className={data.title ? "mt-6" : undefined} {...edit("body", { collection: placement.collection, item: placement.id })}>
            <Prose html={data.html} />
          </div>
        </div>
      </BlockFrame>
    );
  },
});
