import { useEditable } from "../../../../ui/editable";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";
import { BlockFrame, BlockTitle, safeHref, titleIdOf } from "../parts";

/** Line icons an editor picks by name (24 × 24 paths). */
const glyphs: Record<string, string> = {
  compute: "M4 6h16v12H4zM8 10h8M8 14h5",
  inference: "M12 3v4M12 17v4M3 12h4M17 12h4M7 7l2 2M15 15l2 2M17 7l-2 2M9 15l-2 2",
  orchestration: "M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12 4 7.5",
  storage: "M5 6c0-1.7 3.1-3 7-3s7 1.3 7 3v12c0 1.7-3.1 3-7 3s-7-1.3-7-3zM5 6c0 1.7 3.1 3 7 3s7-1.3 7-3M5 12c0 1.7 3.1 3 7 3s7-1.3 7-3",
  network: "M5 12h14M12 5v14M7 7h2v2H7zM15 7h2v2h-2zM7 15h2v2H7zM15 15h2v2h-2z",
  security: "M12 3l7 3v6c0 4.4-3 7.7-7 9-4-1.3-7-4.6-7-9V6zM9 12l2 2 4-4",
  region: "M12 21s-6-5.3-6-11a6 6 0 1 1 12 0c0 5.7-6 11-6 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  support: "M4 13a8 8 0 0 1 16 0v4h-3v-5h3M4 13v4h3v-5H4M17 17c0 2-2 3-5 3",
};

/** Cards with a line icon, a title, a text and an optional link (products, reasons, steps). */
export const featureGridBlock = defineBlock({
  ...fromCms(collection, fields),
  reshape: (raw) => ({
    title: raw.title ?? null,
    text: raw.text ?? null,
    items: raw.cards.map((item) => ({
      id: item.id,
      title: item.title,
      text: item.text ?? "",
      href: safeHref(item.href),
      glyph: glyphs[item.icon ?? ""] ?? glyphs.compute!,
    })),
  }),
  searchText: (raw) => [raw.title, raw.text, ...raw.cards.flatMap((item) => [item.title, item.text])],
  View({ data, placement }) {
    const edit = useEditable();
    const columns = data.items.length % 3 === 0 ? "sm:grid-cols-2 lg:grid-cols-3" : "sm:grid-cols-2 xl:grid-cols-4";
    return (
      <BlockFrame id={placement.anchor} labelledBy={titleIdOf(placement, data.title)} band className="md:py-24">
        <BlockTitle placement={placement} title={data.title} />
        {data.text && <p className="text-ink-muted mt-4 max-w-2xl text-lg">{data.text}</p>}
        <ul className={`mt-10 grid gap-4 ${columns}`}>
          {data.items.map((item) => (
            <li
              key={item.id}
              className="border-line bg-surface relative flex flex-col rounded-xl border p-6"
              {...edit(["title", "text", "icon", "href"], { collection: "block_feature_grid_items", item: item.id })}
            >
              <svg
                viewBox="0 0 24 24"
                className="text-accent h-8 w-8"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
                strokeLinecap="round"
                aria-hidden="true"
                focusable="false"
              >
                <path d={item.glyph} />
              </svg>
              <h3 className="mt-5 text-lg font-semibold tracking-tight">
                {item.href ? (
                  <a href={item.href} className="after:absolute after:inset-0 hover:underline">
                    {item.title}
                  </a>
                ) : (
                  item.title
                )}
              </h3>
              <p className="text-ink-muted mt-2 text-[0.9375rem]">{item.text}</p>
            </li>
          ))}
        </ul>
      </BlockFrame>
    );
  },
});
