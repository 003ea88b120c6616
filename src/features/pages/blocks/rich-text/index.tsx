import { richTextOptions } from "../../../blog";
import { sanitizeHtml } from "../../../../lib/sanitize-html";
import { useEditable } from "../../../../ui/editable";
import { Prose } from "../../../../ui/Prose";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";
import { BlockFrame, BlockTitle, titleIdOf } from "../parts";

/** Formatted text from the CMS editor, through the site's sanitiser (like article bodies). */
export const richTextBlock = defineBlock({
  ...fromCms(collection, fields),
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
