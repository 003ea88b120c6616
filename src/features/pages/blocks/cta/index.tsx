import { useEditable } from "../../../../ui/editable";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";
import { ButtonLink, headingId, linkOf } from "../parts";

/** A closing call to action in a bordered panel. */
export const ctaBlock = defineBlock({
  ...fromCms(collection, fields),
  reshape: (raw) => ({
    eyebrow: raw.eyebrow ?? null,
    title: raw.title,
    text: raw.text ?? null,
    primary: linkOf(raw.primary_label, raw.primary_href),
    secondary: linkOf(raw.secondary_label, raw.secondary_href),
  }),
  searchText: (raw) => [raw.eyebrow, raw.title, raw.text],
  View({ data, placement }) {
    const edit = useEditable();
    const target = { collection: placement.collection, item: placement.id };
    const titleId = headingId(placement.collection, placement.id);
    return (
      <section id={placement.anchor ?? undefined} aria-labelledby={titleId} className="container-page py-12 md:py-16">
        <div className="border-line grid gap-6 rounded-2xl border p-8 md:grid-cols-[1.5fr_1fr] md:items-center md:p-12">
          <div>
            {data.eyebrow && (
              <p className="eyebrow" {...edit("eyebrow", target)}>
                {data.eyebrow}
              </p>
            )}
            <h2 id={titleId} className="mt-3 text-3xl font-semibold tracking-tight md:text-4xl" {...edit("title", target)}>
              {data.title}
            </h2>
            {data.text && (
              <p className="text-ink-muted mt-3 text-lg" {...edit("text", target)}>
                {data.text}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-3 md:justify-end">
            {data.primary && <ButtonLink link={data.primary} primary arrow edit={edit(["primary_label", "primary_href"], target)} />}
            {data.secondary && <ButtonLink link={data.secondary} edit={edit(["secondary_label", "secondary_href"], target)} />}
          </div>
        </div>
      </section>
    );
  },
});
