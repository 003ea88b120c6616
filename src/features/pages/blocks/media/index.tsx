import { useEditable } from "../../../../ui/editable";
import { Image } from "../../../../ui/Image";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";
import { imageOf } from "../parts";

/** An image (through /_next/image) with its caption. */
export const mediaBlock = defineBlock({
  ...fromCms(collection, fields),
  reshape: (raw, context) => ({ image: imageOf(raw.image, context, raw.alt), caption: raw.caption ?? null }),
  searchText: (raw) => [raw.caption],
  View({ data, placement }) {
    const edit = useEditable();
    if (!data.image) return null;
    return (
      <figure
        id={placement.anchor ?? undefined}
        className="container-page py-10 md:py-12"
        {...edit(["image", "alt", "caption"], { collection: placement.collection, item: placement.id })}
      >
        <Image image={data.image} sizes="(min-width: 1400px) 1280px, 100vw" className="border-line w-full rounded-2xl border" />
        {data.caption && <figcaption className="text-ink-muted mt-3 text-center text-sm">{data.caption}</figcaption>}
      </figure>
    );
  },
});
