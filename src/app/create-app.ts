import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
// The features' additions to the content client, installed before any request is answered.
import "./content-extensions.server";
import { ContentError } from "../content/client.server";
import type { ContentOptions } from "../content/content.server";
import type { AppEnv } from "../env";
import { content } from "../middleware/content";
import { pageCache } from "../middleware/page-cache";
import { preview } from "../middleware/preview";
import { requestLog } from "../middleware/request-log";
import { errorFields, logLine } from "../lib/log";
import { sameOriginWrites } from "../middleware/same-origin";
import { securityHeaders } from "../middleware/security-headers";
import { trailingSlash } from "../middleware/trailing-slash";
import { renderErrorPage } from "./render-page.server";
import { methodNotAllowed } from "./methods.server";
import { registerRoutes } from "./register.server";
import { graphqlBodyLimitBytes } from "./api/graphql.server";
import type { FeatureContext, FeatureOptions } from "../router/feature.server";
import { features } from "./features.server";

/** The app's options: the features' test seams (FeatureOptions, each feature adds its own) and the app's. */
export interface AppOptions extends FeatureOptions {
  /** Extra routes, registered before the pages (tests use it for routes that must not ship). */
  configure?: (app: Hono<AppEnv>) => void;
  /** Content client options (tests inject a mock Directus and cache policy). */
  content?: ContentOptions;
  /** Whole-page cache; on by default. */
  pageCache?: boolean;
}

const tooLarge = bodyLimit({
  maxSize: graphqlBodyLimitBytes,
  onError: (c) => c.json({ errors: [{ message: `The body is larger than ${graphqlBodyLimitBytes} bytes.` }] }, 413),
});

/** Addresses that answer published content whoever asks (an editor's preview cookie included): the features say which. */
const publishedOnlyChecks = features.flatMap((feature) => (feature.publishedOnly ? [feature.publishedOnly] : []));
const publishedOnly = (c: Context<AppEnv>) => publishedOnlyChecks.some((check) => check(c.req.path, c.req.header("accept")));

/** Pages the CMS webhook renders when published and keeps in KV: a page-cache miss looks there first. */
const publishedWhenEditedChecks = features.flatMap((feature) => (feature.publishedWhenEdited ? [feature.publishedWhenEdited] : []));
const publishedWhenEdited = (path: string) => publishedWhenEditedChecks.some((check) => check(path));

/** The request's execution context; none in a plain `app.request` (tests). */
function executionContextOf(c: Context<AppEnv>): Context<AppEnv>["executionCtx"] | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/** Builds the worker's Hono app: middleware, routes, then the error screens. */
export function createApp(options: AppOptions = {}): Hono<AppEnv> {
  const { configure, content: contentOptions, pageCache: usePageCache = true } = options;
  const featureContext: FeatureContext = { options, renderErrorPage };
  const app = new Hono<AppEnv>();
  app.use(requestLog()); // first: one log line for every answer, errors included
  app.use(securityHeaders());
  app.use(trailingSlash());
  // Form posts may carry files: their own, larger limit (src/features/forms/routes/api.server.ts).
  app.use("/api/*", (c, next) => (c.req.path.startsWith("/api/forms/") ? next() : tooLarge(c, next)));
  // Writes come from this site's pages; the CMS webhook authenticates itself with its secret.
  const writesFromSite = sameOriginWrites();
  app.use("/api/*", async (c, next) => (c.req.path.startsWith("/api/revalidate") ? next() : writesFromSite(c, next)));
  app.use("/graphql", tooLarge);
  // Preview links and webhooks authenticate themselves; everything else may be a preview.
  app.use("*", async (c, next) => {
    if (c.req.path.startsWith("/api/preview") || c.req.path.startsWith("/api/revalidate") || publishedOnly(c)) {
      c.set("preview", false);
      return next();
    }
    return preview()(c, next);
  });
  app.use(content(contentOptions));
  // The webhook renders what a change touched, and the page cache a stale page after answering it.
  app.use(async (c, next) => {
    c.set("renderPage", async (request) => app.fetch(request, c.env, executionContextOf(c)));
    await next();
  });
  // The features' middleware before the cached pages (an old address never shows its old page;
  // pages are kept per experiment variant).
  for (const feature of features) if (feature.beforePages) app.use(feature.beforePages(featureContext));
  if (usePageCache) app.use(pageCache({ variant: (c) => c.get("experimentVariant") ?? "", published: publishedWhenEdited }));
  configure?.(app); // before the pages, which answer every other GET
  registerRoutes(app, featureContext);

  // Pages are read with GET (and HEAD); a form or script using another method gets a short 405.
  // (The API answers its own wrong methods and unknown addresses: register.server.ts.)
  app.notFound((c) => (c.req.method === "GET" || c.req.method === "HEAD" ? renderErrorPage(c, 404) : methodNotAllowed(c, ["GET"])));
  app.onError(async (error, c) => {
    // Directus down or failing: a gateway error, shown as the 500 variant with its own status.
    const status = error instanceof HTTPException ? error.status : error instanceof ContentError ? 502 : 500;
    if (status >= 500) logLine("error", "request_failed", { method: c.req.method, path: c.req.path, status, ...errorFields(error) });
    if (error instanceof HTTPException && status < 500 && status !== 404) {
      // Client errors (bad input) answer with a short message, not a page.
      return c.text(error.message || "Bad request", status);
    }
    try {
      return await renderErrorPage(c, status);
    } catch (renderError) {
      logLine("error", "error_page_failed", { path: c.req.path, ...errorFields(renderError) });
      return c.text("The server could not load the page", 500);
    }
  });
  return app;
}
