import { useEditable } from "../../../../ui/editable";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";

/** Customer or partner names, typeset as wordmarks (no downloaded logos). */
export const logoWallBlock = defineBlock({
  ...fromCms(collection, fields),
  searchText: (raw) => [raw.title, ...raw.logos.map((logo) => logo.name)],
  View({ data, placement }) {
    const edit = useEditable();
    return (
      <section id={placement.anchor ?? undefined} className="container-page py-10 md:py-12">
        {data.title && (
          <p
            className="text-ink-muted text-center text-sm font-medium"
            {...edit("title", { collection: placement.collection, item: placement.id })}
          >
            {data.title}
          </p>
        )}
        <ul
          className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-4"
          {...edit("logos", { collection: placement.collection, item: placement.id })}
        >
          {data.logos.map((logo) => (
            <li key={logo.name} className="text-ink-subtle text-lg font-semibold tracking-tight uppercase md:text-xl">
              {logo.name}
            </li>
          ))}
        </ul>
      </section>
    );
  },
});
