import type { Context, Hono } from "hono";
import type { AppEnv } from "../env";
import { routes } from "../loaders/routes";
import { PageNotFound, type RouteDefinition } from "../loaders/types";
import { loaderArgs, renderErrorPage, renderPage, siteChrome } from "../render/render-page.server";
import { graphqlRoutes } from "./api/graphql.server";
import { previewRoutes } from "./api/preview.server";
import { revalidateRoutes } from "./api/revalidate.server";
import { seoRoutes } from "./seo.server";

/** Adapts a route's loader to a Hono handler: request -> loader -> view -> stream. */
export const page = (route: RouteDefinition) => async (c: Context<AppEnv>) => {
  const params = c.req.param() as Record<string, string>;
  try {
    const [site, loaded] = await Promise.all([siteChrome(c), route.load(loaderArgs(c, params))]);
    const { view, data, meta, status } = loaded;
    return await renderPage(c, { state: { view, data, site } as never, meta, status, route: route.id, params });
  } catch (error) {
    if (error instanceof PageNotFound) return renderErrorPage(c, 404);
    throw error;
  }
};

/** Every route of the site, in one place. */
export function registerRoutes(app: Hono<AppEnv>): void {
  app.route("/api/preview", previewRoutes);
  app.route("/api/revalidate", revalidateRoutes);
  app.route("/graphql", graphqlRoutes);
  app.route("/", seoRoutes);
  for (const route of routes) app.get(route.path, page(route));
}
