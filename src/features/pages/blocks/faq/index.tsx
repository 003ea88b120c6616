import { useEditable } from "../../../../ui/editable";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";
import { BlockFrame, BlockTitle, titleIdOf } from "../parts";

/** Questions and answers as disclosure widgets; the page's head gets FAQPage structured data. */
export const faqBlock = defineBlock({
  ...fromCms(collection, fields),
  searchText: (raw) => [raw.title, ...raw.items.flatMap((item) => [item.question, item.answer])],
  jsonLd: (data) =>
    data.items.length
      ? {
          "@context": "https://schema.org",
          "@type": "FAQPage",
          mainEntity: data.items.map((item) => ({
            "@type": "Question",
            name: item.question,
            acceptedAnswer: { "@type": "Answer", text: item.answer },
          })),
        }
      : null,
  View({ data, placement }) {
    const edit = useEditable();
    return (
      <BlockFrame id={placement.anchor} labelledBy={titleIdOf(placement, data.title)}>
        <div className="mx-auto max-w-3xl">
          <BlockTitle placement={placement} title={data.title} />
          <div
            className="divide-line border-line mt-8 divide-y border-y"
            {...edit("items", { collection: placement.collection, item: placement.id })}
          >
            {data.items.map((item) => (
              <details key={item.question} className="group py-5">
                <summary className="flex cursor-pointer list-none items-start justify-between gap-6 text-lg font-semibold tracking-tight">
                  {item.question}
                  <span aria-hidden="true" className="text-ink-subtle mt-1 transition-transform group-open:rotate-45">
                    +
                  </span>
                </summary>
                <p className="text-ink-muted mt-3 max-w-2xl whitespace-pre-line">{item.answer}</p>
              </details>
            ))}
          </div>
        </div>
      </BlockFrame>
    );
  },
});
