import type { ContentExtensions, Transform } from "../../content/extensions.server";
import { renderMarkdownCached } from "../../render/markdown/render-cache.server";
import type { ChangelogEntriesQuery, ChangelogEntryQuery } from "./queries";

type Rendered = { html: string };
type Source<T extends Rendered> = Omit<T, "html"> & { body: string | null };

/** Each entry's Markdown body as HTML, rendered like a docs page's (and cached by content hash). */
async function renderBodies<T extends Rendered>(
  entries: Source<T>[],
  { kv, siteUrl, apiBaseUrl, waitUntil }: Parameters<Transform>[1],
): Promise<T[]> {
  return Promise.all(
    entries.map(async ({ body, ...entry }) => {
      const rendered = await renderMarkdownCached(kv, body ?? "", { siteUrl, apiBaseUrl }, { waitUntil });
      return { ...entry, html: rendered.html } as unknown as T;
    }),
  );
}

/** Changelog bodies are Markdown: the list and an entry's page get them as HTML. */
export const changelogContent: Partial<ContentExtensions> = {
  transforms: {
    async ChangelogEntries(data: { changelog_entries: Source<ChangelogEntriesQuery["changelog_entries"][number]>[] }, context) {
      return { changelog_entries: await renderBodies(data.changelog_entries, context) } satisfies ChangelogEntriesQuery;
    },
    async ChangelogEntry(data: { changelog_entries: Source<ChangelogEntryQuery["changelog_entries"][number]>[] }, context) {
      return { changelog_entries: await renderBodies(data.changelog_entries, context) } satisfies ChangelogEntryQuery;
    },
  },
};
