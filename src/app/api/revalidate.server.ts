import { Hono } from "hono";
import { isContentCollection } from "../../content/collections";
import { bumpGeneration } from "../../content/generations.server";
import type { AppEnv } from "../../env";
import { secretsEqual } from "../../lib/secrets.server";
import { features } from "../features.server";

const revalidateSecretHeader = "X-Revalidate-Secret";
/**
 * POST /api/revalidate — the Directus Flow's webhook: `{collection, keys}` with the shared
 * secret. Bumps that collection's generation so the next request refetches. Idempotent;
 * unknown collections are acknowledged with 200 so the CMS does not retry.
 */
export const revalidateRoutes = new Hono<AppEnv>().post("/", async (c) => {
  c.header("Cache-Control", "no-store");
  if (!(await secretsEqual(c.req.header(revalidateSecretHeader), c.env.REVALIDATE_SECRET))) {
    return c.json({ error: `Missing or wrong ${revalidateSecretHeader} header.` }, 401);
  }
  const body = (await c.req.json().catch(() => null)) as { collection?: unknown; keys?: unknown } | null;
  if (!body || typeof body.collection !== "string" || !body.collection) {
    return c.json({ error: 'Expected a JSON body like {"collection": "posts", "keys": ["1"]}.' }, 400);
  }
  const keys = Array.isArray(body.keys) ? body.keys.map(String) : [];
  if (!isContentCollection(body.collection)) {
    return c.json({ ignored: true, collection: body.collection, reason: "not a collection the site reads" });
  }
  const generation = await bumpGeneration(c.env.CONTENT_CACHE, body.collection);
  const afterResponse = async (work: Promise<unknown>) => {
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      await work; // no execution context (a plain app.request in a test)
    }
  };
  // Then each feature's own work (a redirect map rebuilt before answering, the search index and
  // doc pages after), one after the other: a failure of one is its own to log.
  const change = {
    collection: body.collection,
    keys,
    env: c.env,
    content: c.get("content"),
    renderPage: c.get("renderPage"),
    afterResponse,
  };
  for (const feature of features) await feature.onContentChange?.(change);
  return c.json({ revalidated: true, collection: body.collection, keys, generation });
});
