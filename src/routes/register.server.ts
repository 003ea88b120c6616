import type { Hono } from "hono";
import { mockPrefix, mockRoutes } from "../api-reference/mock.server";
import { imageEndpoint } from "../config/images";
import type { AppEnv } from "../env";
import { imageRoute, type ImageOptions } from "../images/handler.server";
import { collectRoutes } from "./api/collect.server";
import { consentRoutes } from "./api/consent.server";
import { feedbackRoutes, type FeedbackOptions } from "./api/feedback.server";
import { formRoutes, type FormsOptions } from "./api/forms.server";
import { graphqlRoutes } from "./api/graphql.server";
import { previewRoutes } from "./api/preview.server";
import { revalidateRoutes } from "./api/revalidate.server";
import { searchRoutes } from "./api/search.server";
import { subscribeRoutes, type SubscribeOptions } from "./api/subscribe.server";
import { docsFileRoutes } from "./docs/files.server";
import { unansweredApiRequest } from "./methods.server";
import { pageHandler } from "./page.server";
import { changelogFeed } from "./changelog-feed.server";
import { rssFeed } from "./rss.server";
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
  app.route("/api/forms", formRoutes(forms));
  app.route("/api/feedback", feedbackRoutes(feedback));
  app.route("/api/search", searchRoutes);
  app.route(mockPrefix, mockRoutes);
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
