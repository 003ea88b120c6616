import { Hono } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../env";
import { safeLocalPath } from "../../lib/urls";
import { secretsEqual } from "../../lib/secrets.server";
import { previewCookieName, previewCookieValue } from "../../middleware/preview";

/**
 * GET /api/preview?token=...&path=/blog/slug  -> sets the preview cookie, redirects to path
 * GET /api/preview/exit?path=/blog/slug       -> clears it, redirects to path (or /)
 */
export const previewRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    const token = c.req.query("token");
    if (!(await secretsEqual(token, c.env.DIRECTUS_PREVIEW_TOKEN))) {
      return c.text("The preview token is missing or not valid.", 401);
    }
    const path = safeLocalPath(c.req.query("path") ?? "/");
    if (!path) return c.text("The path parameter must be a path on this site, such as /blog/my-post.", 400);
    setCookie(c, previewCookieName, await previewCookieValue(c.env.DIRECTUS_PREVIEW_TOKEN!), {
      path: "/",
      httpOnly: true,
      secure: c.env.SITE_URL.startsWith("https:"),
      sameSite: "Lax",
      maxAge: 60 * 60 * 8,
    });
    return c.redirect(path, 302);
  })
  .get("/exit", (c) => {
    c.header("Cache-Control", "no-store");
    deleteCookie(c, previewCookieName, { path: "/" });
    return c.redirect(safeLocalPath(c.req.query("path")) ?? "/", 302);
  });
