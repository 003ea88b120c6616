import { pagePathQuery, sectionPlacementsQuery } from "./queries";
import { idOf, itemRead, type ContentExtensions, type VersionedRead } from "../../content/extensions.server";
import { type Highlighter, renderCodeBlock } from "../../render/markdown/code-blocks.server";
import { pageVersionRead, sectionVersionRead } from "./queries";

interface BlockRow {
  collection: string | null;
  item: ({ code?: unknown; language?: unknown; blocks?: BlockRow[] | null } & Record<string, unknown>) | null;
}

/** The code blocks of a page, sections included. */
function* codeItems(rows: readonly (BlockRow | null)[] | null | undefined): Generator<NonNullable<BlockRow["item"]>> {
  for (const row of rows ?? []) {
    if (!row?.item) continue;
    if (row.collection === "sections") yield* codeItems(row.item.blocks);
    else if (row.collection === "block_code" && typeof row.item.code === "string") yield row.item;
  }
}

/** Code blocks gain `html`, highlighted like the docs' code; Shiki loads only for a page that has one. */
async function highlightCodeBlocks(rows: readonly (BlockRow | null)[] | null | undefined): Promise<void> {
  const items = [...codeItems(rows)];
  if (!items.length) return;
  const highlight: Highlighter = (await import("../../render/markdown/highlight.server")).highlight;
  for (const item of items) {
    const language = typeof item.language === "string" && item.language !== "text" ? item.language : "";
    item.html = renderCodeBlock(item.code as string, { language, attributes: {} }, highlight);
  }
}

interface Placement {
  collection?: string;
  item?: { id?: unknown } | null;
}
const placementsOf = (data: any): Placement[] => data?.pages?.[0]?.blocks ?? [];
const isSection = (placement: Placement | null, id: string) => placement?.collection === "sections" && idOf(placement.item?.id) === id;

/** A section, wherever the previewed page places it (a section may appear more than once). */
const sectionRead: VersionedRead = {
  query: "Page",
  collection: "sections",
  shows: (_, data, id) => placementsOf(data).some((placement) => isSection(placement, id)),
  operation: sectionVersionRead,
  merge: (data, versioned, id) => {
    const section = versioned.sections_by_id;
    if (!section) return null;
    const [page] = data.pages;
    const blocks = placementsOf(data).map((placement) => (isSection(placement, id) ? { ...placement, item: section } : placement));
    return { ...data, pages: [{ ...page, blocks }] };
  },
};

export const pagesContent: Partial<ContentExtensions> = {
  previewPaths: {
    pages: async (content, id) => (await content.query(pagePathQuery, { id })).pages_by_id?.path ?? null,
    // A section has no URL of its own: it opens on the first page that shows it.
    async sections(content, id) {
      const placements = (await content.query(sectionPlacementsQuery)).pages_blocks;
      const shown = placements.find((row) => row?.item && "id" in row.item && String(row.item.id) === id);
      return shown?.pages_id?.path ?? null;
    },
  },
  transforms: {
    async Page(data: { pages: { blocks?: BlockRow[] | null }[] }) {
      for (const page of data.pages) await highlightCodeBlocks(page.blocks);
      return data;
    },
  },
  versionedReads: [itemRead("Page", "pages", pageVersionRead), sectionRead],
};
