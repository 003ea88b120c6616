import type { Context, Hono } from "hono";
import { imageEndpoint } from "../config/images";
import type { AppEnv } from "../env";
import { imageRoute, type ImageOptions } from "../images/handler.server";
import { routes } from "../loaders/routes";
import type { PageState } from "../views/registry";
import { PageNotFound, type RouteDefinition } from "../loaders/types";
import { loaderArgs, renderErrorPage, renderPage, siteChrome } from "../render/render-page.server";
import { collectRoutes } from "./api/collect.server";
import { consentRoutes } from "./api/consent.server";
import { subscribeRoutes, type SubscribeOptions } from "./api/subscribe.server";
import { graphqlRoutes } from "./api/graphql.server";
import { previewRoutes } from "./api/preview.server";
import { revalidateRoutes } from "./api/revalidate.server";
import { rssFeed } from "./rss.server";
import { seoRoutes } from "./seo.server";

/** Adapts a route's loader to a Hono handler: request -> loader -> view -> stream. */
export const page = (route: RouteDefinition) => async (c: Context<AppEnv>) => {
  const params = c.req.param() as Record<string, string>;
  try {
    const [site, loaded] = await Promise.all([siteChrome(c), route.load(loaderArgs(c, params))]);
    const { view, data, meta, status } = loaded;
    const url = new URL(c.req.url);
    const state = { view, data, site, path: url.pathname + url.search } as PageState;
    return await renderPage(c, { state, meta, status, route: route.id, params });
  } catch (error) {
    if (error instanceof PageNotFound) return renderErrorPage(c, 404);
    throw error;
  }
};

/** Every route of the site, in one place. */
export function registerRoutes(
  app: Hono<AppEnv>,
  { images, subscribe }: { images?: ImageOptions; subscribe?: SubscribeOptions } = {},
): void {
  app.get(imageEndpoint, imageRoute(images));
  app.route("/api/preview", previewRoutes);
  app.route("/api/revalidate", revalidateRoutes);
  app.route("/api/consent", consentRoutes);
  app.route("/api/collect", collectRoutes);
  app.route("/api/subscribe", subscribeRoutes(subscribe));
  app.route("/graphql", graphqlRoutes);
  app.route("/", seoRoutes);
  app.get("/blog/rss.xml", rssFeed); // before /blog/:slug
  for (const route of routes) app.get(route.path, page(route));
}
