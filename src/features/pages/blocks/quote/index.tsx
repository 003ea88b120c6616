import { useEditable } from "../../../../ui/editable";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";

/** A customer's or engineer's words with their name and role. */
export const quoteBlock = defineBlock({
  ...fromCms(collection, fields),
  searchText: (raw) => [raw.quote, raw.author_name, raw.author_title],
  View({ data, placement }) {
    const edit = useEditable();
    const target = { collection: placement.collection, item: placement.id };
    return (
      <div id={placement.anchor ?? undefined} className="container-page py-12 md:py-16">
        {/* The figure holds the caption directly: HTML allows <figcaption> only as a figure's child. */}
        <figure className="border-accent mx-auto max-w-3xl border-l-2 pl-6 md:pl-8">
          <blockquote className="text-2xl leading-snug font-medium tracking-tight text-balance md:text-3xl" {...edit("quote", target)}>
            <p>“{data.quote}”</p>
          </blockquote>
          {data.author_name && (
            <figcaption className="text-ink-muted mt-5" {...edit(["author_name", "author_title"], target)}>
              <span className="text-ink font-semibold">{data.author_name}</span>
              {data.author_title && <>, {data.author_title}</>}
            </figcaption>
          )}
        </figure>
      </div>
    );
  },
});
