import { Hono } from "hono";
import { isContentCollection } from "../../content/collections";
import { bumpGeneration } from "../../content/generations.server";
import type { AppEnv } from "../../env";
import { secretsEqual } from "../../lib/secrets.server";
import { prerenderDocPages } from "../../features/docs/prerender.server";
import { isIndexedCollection, requestSearchIndexRebuild } from "../../features/search/site-index.server";
import { rebuildRedirectMap, redirectCollections } from "../../features/redirects/store.server";

const revalidateSecretHeader = "X-Revalidate-Secret";
/** Doc pages one webhook renders at once (a bulk edit of more is left to the scheduled sweep). */
const maxPrerenderedPerCall = 50;

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
  const logFailure = (what: string) => (error: unknown) => console.error(`${what} failed:`, error instanceof Error ? error.message : error);
  // The redirect map is rebuilt before answering, so the change is live when the CMS hears back.
  if (redirectCollections.includes(body.collection)) {
    await rebuildRedirectMap(c.env.CONTENT_CACHE, c.get("content")).catch(logFailure("redirect map"));
  }
  // The search index follows its content: rebuilt after the response, from the fresh content.
  if (isIndexedCollection(body.collection)) {
    await afterResponse(requestSearchIndexRebuild(c.env.CONTENT_CACHE, c.get("content")));
  }
  // Doc pages are rendered now, when published, so that no visitor waits for Markdown and Shiki.
  if (body.collection === "docs_pages" && keys.length) {
    const publish = { renderPage: c.get("renderPage"), siteUrl: c.env.SITE_URL };
    await afterResponse(
      prerenderDocPages(c.get("content"), keys.slice(0, maxPrerenderedPerCall), publish).catch(logFailure("doc pre-render")),
    );
  }
  return c.json({ revalidated: true, collection: body.collection, keys, generation });
});
