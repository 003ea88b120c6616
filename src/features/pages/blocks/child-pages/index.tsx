import { t } from "../../../../i18n";
import { useEditable } from "../../../../ui/editable";
import { ArrowRightIcon } from "../../../../ui/icons";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";
import { BlockFrame, BlockTitle, titleIdOf } from "../parts";

/**
 * The published pages under the page that shows it, as linked cards (title, description). The
 * list is no field of the block: the page query reads the page's `children` (published, in the
 * editors' order), so a page published under this one appears here, and one unpublished or
 * moved leaves, with no edit of this block. Its cache follows the `pages` collection's changes.
 */
export const childPagesBlock = defineBlock({
  ...fromCms(collection, fields),
  reshape: (raw, context) => ({
    title: raw.title ?? null,
    text: raw.text ?? null,
    pages: context.childPages ?? [],
  }),
  searchText: (raw) => [raw.title, raw.text],
  View({ data, placement }) {
    const edit = useEditable();
    const target = { collection: placement.collection, item: placement.id };
    // Nothing to say at all: no block. A heading without cards (its pages not published yet)
    // still shows, so an editor sees where they will appear.
    if (!data.pages.length && !data.title && !data.text) return null;
    const columns = data.pages.length % 3 === 0 || data.pages.length > 4 ? "lg:grid-cols-3" : "";
    return (
      <BlockFrame id={placement.anchor} labelledBy={titleIdOf(placement, data.title)}>
        <BlockTitle placement={placement} title={data.title} />
        {data.text && (
          <p className="text-ink-muted mt-4 max-w-2xl text-lg" {...edit("text", target)}>
            {data.text}
          </p>
        )}
        {data.pages.length > 0 && (
          <ul className={`mt-10 grid gap-4 sm:grid-cols-2 ${columns}`}>
            {data.pages.map((page) => (
              <li
                key={page.id}
                className="border-line bg-surface hover:border-accent group relative flex flex-col rounded-xl border p-6 transition-colors"
                {...edit(["title", "seo_description"], { collection: "pages", item: page.id })}
              >
                <h3 className="text-xl font-semibold tracking-tight">
                  <a href={page.path} className="after:absolute after:inset-0 after:rounded-xl group-hover:underline">
                    {page.title}
                  </a>
                </h3>
                {page.description && <p className="text-ink-muted mt-2 flex-1 text-[0.9375rem]">{page.description}</p>}
                <span className="text-accent mt-5 inline-flex items-center gap-1.5 text-sm font-semibold" aria-hidden="true">
                  {t("pages.child_page_more")} <ArrowRightIcon className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
                </span>
              </li>
            ))}
          </ul>
        )}
      </BlockFrame>
    );
  },
});
