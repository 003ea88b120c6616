import type { Hono } from "hono";
import type { AppEnv } from "../env";
import { feedbackRoutes } from "../features/feedback/index.server";
import { formRoutes } from "../features/forms/index.server";
import { formsOnPage } from "../features/pages/index.server";
import type { FeatureContext } from "../router/feature.server";
import { graphqlRoutes } from "./api/graphql.server";
import { previewRoutes } from "./api/preview.server";
import { revalidateRoutes } from "./api/revalidate.server";
import { features } from "./features.server";
import { feedbackPageExists } from "./feedback-pages.server";
import { unansweredApiRequest } from "./methods.server";
import { pageHandler } from "./page.server";
import { seoRoutes } from "./seo.server";

/** Every address of the worker: the app's APIs, the features' APIs and files, then the pages of the route table. */
export function registerRoutes(app: Hono<AppEnv>, context: FeatureContext): void {
  app.route("/api/preview", previewRoutes);
  app.route("/api/revalidate", revalidateRoutes);
  for (const feature of features) feature.routes?.(app, context);
  // Two APIs join what two parts know: the forms a page shows (pages) and the pages that ask for
  // feedback (the route table).
  app.route("/api/forms", formRoutes(formsOnPage, context.options.forms));
  app.route("/api/feedback", feedbackRoutes(feedbackPageExists, context.options.feedback));
  // Last under /api/: what no endpoint above answered (before the pages, which take any GET).
  app.all("/api/*", unansweredApiRequest(app));
  app.route("/graphql", graphqlRoutes);
  app.route("/", seoRoutes);
  app.get("*", pageHandler);
}
