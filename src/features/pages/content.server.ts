import type { ContentExtensions } from "../../content/extensions.server";
import { type Highlighter, renderCodeBlock } from "../../render/markdown/code-blocks.server";

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

/** Code blocks highlighted on the server. */
export const pagesContent: Partial<ContentExtensions> = {
  transforms: {
    async Page(data: { pages: { blocks?: BlockRow[] | null }[] }) {
      for (const page of data.pages) await highlightCodeBlocks(page.blocks);
      return data;
    },
  },
};
