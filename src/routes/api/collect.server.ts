import { Hono } from "hono";
import type { AppEnv } from "../../env";

/**
 * POST /api/collect — page views from /analytics.js (sent only with analytics consent). It
 * validates and acknowledges them; this is where an analytics store would be attached. It
 * never sets cookies and never echoes input.
 */
export const collectRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const body = (await c.req.json().catch(() => null)) as { id?: unknown; path?: unknown } | null;
  if (!body || typeof body.id !== "string" || typeof body.path !== "string" || !body.path.startsWith("/")) {
    return c.text('Expected JSON like {"id": "...", "path": "/blog"}.', 400);
  }
  return c.body(null, 204);
});
