import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./env";
import { securityHeaders } from "./middleware/security-headers";
import { renderErrorPage } from "./render/render-page.server";
import { registerRoutes } from "./routes";

export interface AppOptions {
  /** Extra routes, registered after the site's own (tests use it for routes that must not ship). */
  configure?: (app: Hono<AppEnv>) => void;
}

/** Builds the worker's Hono app: middleware, routes, then the error screens. */
export function createApp({ configure }: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(securityHeaders());
  registerRoutes(app);
  configure?.(app);

  app.notFound((c) => renderErrorPage(c, 404));
  app.onError(async (error, c) => {
    const status = error instanceof HTTPException ? error.status : 500;
    if (status >= 500) console.error(`${c.req.method} ${c.req.path} failed:`, error);
    if (error instanceof HTTPException && status < 500 && status !== 404) {
      // Client errors (bad input) answer with a short message, not a page.
      return c.text(error.message || "Bad request", status);
    }
    try {
      return await renderErrorPage(c, status);
    } catch (renderError) {
      console.error("error page failed to render:", renderError);
      return c.text("The server could not load the page", 500);
    }
  });
  return app;
}
