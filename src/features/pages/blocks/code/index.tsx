import * as z from "zod/mini";
import { useEditable } from "../../../../ui/editable";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";
import { BlockFrame, BlockTitle, titleIdOf } from "../parts";

const { schema, ...cmsSide } = fromCms(collection, fields);

/**
 * A code sample, highlighted by Shiki like the docs. The worker highlights it before the page
 * query's result is cached or sent (`html`, the pages feature's `content.server.ts`), so no
 * highlighter reaches the browser; `code` stays for the search index.
 */
export const codeBlock = defineBlock({
  ...cmsSide,
  // Not a CMS field: the worker adds the highlighted code before the page query's result is cached.
  schema: z.extend(schema, { html: z.optional(z.string()) }),
  reshape: (raw) => ({ title: raw.title ?? null, caption: raw.caption ?? null, html: raw.html ?? null, code: raw.code }),
  searchText: (raw) => [raw.title, raw.caption],
  View({ data, placement }) {
    const edit = useEditable();
    return (
      <BlockFrame id={placement.anchor} labelledBy={titleIdOf(placement, data.title)}>
        <div className="mx-auto max-w-3xl">
          <BlockTitle placement={placement} title={data.title} />
          <figure className="doc-body mt-6" {...edit(["code", "language"], { collection: placement.collection, item: placement.id })}>
            {data.html ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by the worker from escaped, highlighted code
              <div dangerouslySetInnerHTML={{ __html: data.html }} />
            ) : (
              <pre className="code">
                <code>{data.code}</code>
              </pre>
            )}
            {data.caption && <figcaption className="text-ink-muted mt-3 text-sm">{data.caption}</figcaption>}
          </figure>
        </div>
      </BlockFrame>
    );
  },
});
