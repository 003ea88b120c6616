import type { Hono } from "hono";
import { mockPrefix, mockRoutes } from "../features/docs/api-reference/mock.server";
import { imageEndpoint } from "../config/images";
import type { AppEnv } from "../env";
import { imageRoute, type ImageOptions } from "../features/images/handler.server";
import { collectRoutes } from "../features/analytics/routes/collect.server";
import { consentRoutes } from "../features/consent/routes/api.server";
import { feedbackRoutes, type FeedbackOptions } from "../features/feedback/routes/api.server";
import { feedbackPageExists } from "./feedback-pages.server";
import { formRoutes, type FormsOptions } from "../features/forms/routes/api.server";
import { formsOnPage } from "../features/pages";
import { graphqlRoutes } from "./api/graphql.server";
import { previewRoutes } from "./api/preview.server";
import { revalidateRoutes } from "./api/revalidate.server";
import { searchRoutes } from "../features/search/routes/api.server";
import { subscribeRoutes, type SubscribeOptions } from "../features/newsletter/routes/api.server";
import { docsFileRoutes } from "../features/docs/routes/files.server";
import { mcpRoutes } from "../features/mcp/routes/mcp.server";
import { askRoutes } from "../features/ask/routes/api.server";
import { unansweredApiRequest } from "./methods.server";
import { pageHandler } from "./page.server";
import { changelogFeed } from "../features/changelog/routes/feed.server";
import { rssFeed } from "../features/blog/routes/rss.server";
import { seoRoutes } from "./seo.server";

/** Every address of the worker: APIs and files first, then the pages of the route table. */
export function registerRoutes(
  app: Hono<AppEnv>,
  {
    images,
    subscribe,
    forms,
    feedback,
  }: { images?: ImageOptions; subscribe?: SubscribeOptions; forms?: FormsOptions; feedback?: FeedbackOptions } = {},
): void {
  app.get(imageEndpoint, imageRoute(images));
  app.route("/api/preview", previewRoutes);
  app.route("/api/revalidate", revalidateRoutes);
  app.route("/api/consent", consentRoutes);
  app.route("/api/collect", collectRoutes);
  app.route("/api/subscribe", subscribeRoutes(subscribe));
  app.route("/api/forms", formRoutes(formsOnPage, forms));
  app.route("/api/feedback", feedbackRoutes(feedbackPageExists, feedback));
  app.route("/api/search", searchRoutes);
  app.route("/api/ask", askRoutes);
  app.route(mockPrefix, mockRoutes);
  app.route("/mcp", mcpRoutes);
  // Last under /api/: what no endpoint above answered (before the pages, which take any GET).
  app.all("/api/*", unansweredApiRequest(app));
  app.route("/graphql", graphqlRoutes);
  app.route("/", seoRoutes);
  app.get("/blog/rss.xml", rssFeed);
  app.get("/changelog/rss.xml", changelogFeed);
  app.get("/changelog/:product/rss.xml", changelogFeed);
  app.route("/", docsFileRoutes);
  app.get("*", pageHandler);
}
