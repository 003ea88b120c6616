import { renderMarkdownCached } from "../docs/render-cache.server";
import type { DocsPageQuery } from "./queries/docs";

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
export const resultTransforms: Record<string, (data: any, context: TransformContext) => Promise<unknown>> = {
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
