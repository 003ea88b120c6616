import { renderCodeBlock } from "../features/docs/code-blocks.server";
import type { Highlighter } from "../features/docs/code-blocks.server";
import { renderMarkdownCached } from "../features/docs/render-cache.server";
import type { ChangelogEntriesQuery } from "../features/changelog/queries";
import type { DocsPageQuery } from "../features/docs/queries";

export interface TransformContext {
  kv: KVNamespace;
  siteUrl: string;
  apiBaseUrl: string;
  waitUntil: (promise: Promise<unknown>) => void;
}

interface DocsPageSource {
  docs_pages: { id: string; title: string | null; description: string | null; date_updated: string | null; body: string | null }[];
}

/**
 * Server-side work on a query's result before it is cached or sent anywhere, by operation name.
 * Doc pages arrive as Markdown and leave as highlighted HTML: the browser's /graphql and the
 * page payload get the rendered form, so no Markdown or highlighting code ships to the browser.
 */
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
  const highlight: Highlighter = (await import("../features/docs/highlight.server")).highlight;
  for (const item of items) {
    const language = typeof item.language === "string" && item.language !== "text" ? item.language : "";
    item.html = renderCodeBlock(item.code as string, { language, attributes: {} }, highlight);
  }
}

export const resultTransforms: Record<string, (data: any, context: TransformContext) => Promise<unknown>> = {
  async Page(data: { pages: { blocks?: BlockRow[] | null }[] }) {
    for (const page of data.pages) await highlightCodeBlocks(page.blocks);
    return data;
  },
  /** Changelog bodies are Markdown too: rendered like a docs page's (and cached by content hash). */
  async ChangelogEntries(
    data: { changelog_entries: (Omit<ChangelogEntriesQuery["changelog_entries"][number], "html"> & { body: string | null })[] },
    { kv, siteUrl, apiBaseUrl, waitUntil },
  ): Promise<ChangelogEntriesQuery> {
    return {
      changelog_entries: await Promise.all(
        data.changelog_entries.map(async ({ body, ...entry }) => {
          const rendered = await renderMarkdownCached(kv, body ?? "", { siteUrl, apiBaseUrl }, { waitUntil });
          return { ...entry, html: rendered.html };
        }),
      ),
    };
  },
  async DocsPage(data: DocsPageSource, { kv, siteUrl, apiBaseUrl, waitUntil }): Promise<DocsPageQuery> {
    return {
      docs_pages: await Promise.all(
        data.docs_pages.map(async ({ body, ...page }) => {
          const rendered = await renderMarkdownCached(kv, body ?? "", { siteUrl, apiBaseUrl }, { waitUntil });
          return { ...page, html: rendered.html, headings: rendered.headings, readingMinutes: rendered.readingMinutes };
        }),
      ),
    };
  },
};
