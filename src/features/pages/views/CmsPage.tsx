import { Blocks } from "../blocks/render";
import type { CmsPageData } from "../types";
import { useEditable } from "../../../ui/editable";

/**
 * A page built from CMS blocks. Its first block is normally a hero with the page's h1; when
 * it has none, the title stands in as a visually hidden heading so the page keeps one.
 */
export function CmsPage({ data }: { data: CmsPageData }) {
  const hasHero = data.blocks[0]?.collection === "block_hero";
  const edit = useEditable();
  return (
    <>
      {!hasHero && <h1 className="sr-only">{data.title}</h1>}
      {/* In a preview the whole list is one more outline: "edit all blocks" (order, hide, add) in a drawer. */}
      <div {...edit("blocks", { mode: "drawer" })}>
        <Blocks blocks={data.blocks} />
      </div>
    </>
  );
}
