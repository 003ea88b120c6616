import { Blocks } from "../../blocks/render";
import type { CmsPageData } from "../../content/types/pages";

/**
 * A page built from CMS blocks. Its first block is normally a hero with the page's h1; when
 * it has none, the title stands in as a visually hidden heading so the page keeps one.
 */
export function CmsPage({ data }: { data: CmsPageData }) {
  const hasHero = data.blocks[0]?.collection === "block_hero";
  return (
    <>
      {!hasHero && <h1 className="sr-only">{data.title}</h1>}
      <Blocks blocks={data.blocks} />
    </>
  );
}
