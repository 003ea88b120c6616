// The docs feature's server face: its files for AI tools, the API reference's mock, its content
// types and content, the pages it renders when published, and what other features may use of it.
import { prefersMarkdown } from "../../lib/accept";
import { logLine } from "../../lib/log";
import { Content } from "../../content/content.server";
import { defineFeature, type ScheduledJob } from "../../router/feature.server";
import { apiReferenceContent } from "./api-reference/content.server";
import { apiReferenceContentType, apiReferenceVersionsContentType } from "./api-reference/content-type.server";
import { mockPrefix, mockRoutes } from "./api-reference/mock.server";
import { docsContent } from "./content.server";
import { docsPagesContentType } from "./content-type.server";
import { sweepDocPages } from "./prerender.server";
import { docsFileRoutes } from "./routes/files.server";

export { docsMarkdown } from "./routes/files.server";
export { loadApiReferenceVersion, loadApiVersions } from "./api-reference/index.server";

/** After a deploy: every doc page rendered and published whole again, a batch a minute. */
const renderDocPagesJob: ScheduledJob = {
  name: "render-doc-pages",
  async run(env, { waitUntil, fetch, renderPage }) {
    const content = new Content(env, waitUntil, false, fetch ? { fetch } : {});
    const publish = renderPage ? { renderPage, siteUrl: env.SITE_URL } : undefined;
    const rendered = await sweepDocPages(env.CONTENT_CACHE, content, { publish });
    if (rendered) logLine("info", "doc_pages_rendered", { count: rendered, reason: "cron" });
  },
};

const isLlmsFile = (path: string) => path === "/llms.txt" || path === "/llms-full.txt" || path.startsWith("/llms-full/");

export const docsFeature = defineFeature({
  name: "docs",
  routes: (app) => {
    app.route(mockPrefix, mockRoutes);
    app.route("/", docsFileRoutes);
  },
  contentTypes: [docsPagesContentType, apiReferenceContentType, apiReferenceVersionsContentType],
  content: [apiReferenceContent, docsContent],
  jobs: [renderDocPagesJob],
  // Files for AI tools give published docs only, whoever asks; so does a page's Markdown asked for by Accept.
  publishedOnly: (path, accept) => isLlmsFile(path) || (path.startsWith("/docs/") && (path.endsWith(".md") || prefersMarkdown(accept))),
  // The doc pages the webhook renders when published (a KV read pays off only there).
  publishedWhenEdited: (path) => path.startsWith("/docs/") && !path.endsWith(".md"),
});
