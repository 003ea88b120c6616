import type { ContentExtensions } from "../../content/extensions.server";
import { renderMarkdownCached } from "../../render/markdown/render-cache.server";
import type { ChangelogEntriesQuery } from "./queries";

type EntrySource = Omit<ChangelogEntriesQuery["changelog_entries"][number], "html"> & { body: string | null };

/** Changelog bodies are Markdown: rendered like a docs page's (and cached by content hash). */
export const changelogContent: Partial<ContentExtensions> = {
  transforms: {
    async ChangelogEntries(
      data: { changelog_entries: EntrySource[] },
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
  },
};
