import type { Context, Hono } from "hono";
import type { AppEnv } from "../env";
import { renderPage, type PageResult } from "../render/render-page.server";
import { loadHome } from "./home.server";

/** Adapts a page loader to a Hono handler: request -> loader -> view -> stream. */
export const page =
  (load: (c: Context<AppEnv>) => Promise<PageResult>) =>
  async (c: Context<AppEnv>) =>
    renderPage(c, await load(c));

/** Every route of the site, in one place. */
export function registerRoutes(app: Hono<AppEnv>): void {
  app.get("/", page(loadHome));
}
