import { Hono } from "hono";
import type { AppEnv } from "../../../env";
import { consentCookie } from "../../../lib/consent";
import { redirectTo, safeLocalPath } from "../../../lib/location";

/**
 * POST /api/consent — the cookie notice and dialog without JavaScript: records the choice in
 * the consent cookie and sends the visitor back where they were (303).
 */
export const consentRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const form = await c.req.parseBody().catch(() => null);
  if (!form) return c.text("Send the cookie choice as a form.", 400);
  const choice = form.choice === "all" ? "all" : form.choice === "custom" ? (form.analytics === "on" ? "all" : "necessary") : null;
  if (!choice) return c.text('The choice must be "all" or "custom".', 400);
  c.header("Set-Cookie", consentCookie(choice, c.env.SITE_URL.startsWith("https:")));
  c.header("Cache-Control", "no-store");
  return redirectTo(c, safeLocalPath(typeof form.return === "string" ? form.return : "/"), 303);
});
