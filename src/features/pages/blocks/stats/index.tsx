import { useEditable } from "../../../../ui/editable";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";
import { BlockFrame, headingId } from "../parts";

/** A few measured numbers, each with its label. */
export const statsBlock = defineBlock({
  ...fromCms(collection, fields),
  searchText: (raw) => [raw.title, ...raw.items.map((item) => `${item.value} ${item.label}`)],
  View({ data, placement }) {
    const edit = useEditable();
    const titleId = headingId(placement.collection, placement.id);
    const columns = data.items.length === 4 ? "sm:grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-3";
    return (
      <BlockFrame id={placement.anchor} labelledBy={data.title ? titleId : undefined} className="md:py-24">
        {data.title && (
          <h2
            id={titleId}
            className="text-3xl font-semibold tracking-tight md:text-4xl"
            {...edit("title", { collection: placement.collection, item: placement.id })}
          >
            {data.title}
          </h2>
        )}
        <dl
          className={`border-line bg-line mt-10 grid gap-px overflow-hidden rounded-xl border ${columns}`}
          {...edit("items", { collection: placement.collection, item: placement.id })}
        >
          {data.items.map((item) => (
            <div key={item.label} className="bg-surface flex flex-col-reverse gap-1 p-6 md:p-8">
              <dt className="text-ink-muted">{item.label}</dt>
              <dd className="text-4xl font-semibold tracking-tight tabular-nums md:text-5xl">{item.value}</dd>
            </div>
          ))}
        </dl>
      </BlockFrame>
    );
  },
});
