import { Hono } from "hono";
import { isContentCollection } from "../../content/collections";
import { bumpGeneration, moveGeneration } from "../../content/generations.server";
import { markTags, tagsOfChange, type ItemChange } from "../../content/tags.server";
import type { AppEnv } from "../../env";
import { logLine } from "../../lib/log";
import { secretsEqual } from "../../lib/secrets.server";
import { contentTypes, withPublishing } from "../content-types.server";
import { features } from "../features.server";
import { renderChangedPages } from "../render-again.server";

const revalidateSecretHeader = "X-Revalidate-Secret";
const events = new Set(["create", "update", "delete"]);

/**
 * POST /api/revalidate — the Directus Flow's webhook: `{collection, keys, event?, fields?}` with
 * the shared secret. Marks what the change touches (the items, the lists they enter or leave, the
 * fields it wrote: tags.server.ts), then moves the collection's generation on. Pages and reads
 * that show none of it stay cached; those that do are rendered again after the answer, so the
 * next visitor gets the new page. Idempotent; unknown collections are acknowledged with 200 so
 * the CMS does not retry.
 */
/**
 * The collections a save made the CMS rewrite without a change event (its content type's
 * `rewritesOnSave`): for an update, those of the fields it wrote; for anything else, all of them.
 */
function rewrittenBy(change: ItemChange): string[] {
  const rewrites = contentTypes.find((type) => type.collection === change.collection)?.rewritesOnSave;
  if (!rewrites) return [];
  const fields =
    change.event === "update" && change.fields ? change.fields.filter((field) => Object.hasOwn(rewrites, field)) : Object.keys(rewrites);
  return [...new Set(fields.flatMap((field) => rewrites[field] ?? []))];
}

export const revalidateRoutes = new Hono<AppEnv>().post("/", async (c) => {
  c.header("Cache-Control", "no-store");
  if (!(await secretsEqual(c.req.header(revalidateSecretHeader), c.env.REVALIDATE_SECRET))) {
    return c.json({ error: `Missing or wrong ${revalidateSecretHeader} header.` }, 401);
  }
  const body = (await c.req.json().catch(() => null)) as { collection?: unknown; keys?: unknown; event?: unknown; fields?: unknown } | null;
  if (!body || typeof body.collection !== "string" || !body.collection) {
    return c.json(
      { error: 'Expected a JSON body like {"collection": "posts", "keys": ["1"], "event": "update", "fields": ["title"]}.' },
      400,
    );
  }
  // The flow sends null for what it does not know (an update's fields are known, a creation's are not).
  if (body.event != null && !events.has(String(body.event))) {
    return c.json({ error: "event must be create, update or delete." }, 400);
  }
  if (body.fields != null && !(Array.isArray(body.fields) && body.fields.every((field) => typeof field === "string"))) {
    return c.json({ error: "fields must be a list of field names." }, 400);
  }
  const keys = Array.isArray(body.keys) ? body.keys.map(String) : [];
  if (!isContentCollection(body.collection)) {
    return c.json({ ignored: true, collection: body.collection, reason: "not a collection the site reads" });
  }
  const change = withPublishing({
    collection: body.collection,
    keys,
    event: (body.event ?? undefined) as ItemChange["event"],
    fields: (body.fields ?? undefined) as string[] | undefined,
  });
  const kv = c.env.CONTENT_CACHE;
  const tags = tagsOfChange(change);
  // The tags first: a reader that sees the new generation then finds them marked.
  await markTags(kv, tags, Date.now(), change);
  // What the CMS's own flows rewrote without telling (the paths under a moved page): anything in it.
  for (const collection of rewrittenBy(change)) if (collection !== change.collection) await bumpGeneration(kv, collection);
  // A change that names no item, or whose save rewrote its own collection, may be anything in it.
  const generation =
    keys.length && !rewrittenBy(change).includes(change.collection)
      ? await moveGeneration(kv, body.collection)
      : await bumpGeneration(kv, body.collection);
  const afterResponse = async (work: Promise<unknown>) => {
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      await work; // no execution context (a plain app.request in a test)
    }
  };
  const renderPage = c.get("renderPage");
  const receivedAt = Date.now();
  await afterResponse(
    renderChangedPages({ siteUrl: c.env.SITE_URL, change, tags, kv, content: c.get("content"), renderPage }).then((rendered) =>
      logLine("info", "content_change", {
        collection: change.collection,
        keys: keys.slice(0, 20),
        change: change.event ?? null,
        fields: change.fields ?? null,
        marked: tags.length,
        rendered: rendered.length,
        paths: rendered.slice(0, 20),
        ms: Date.now() - receivedAt,
      }),
    ),
  );
  // Then each feature's own work (a redirect map rebuilt before answering, the search index and
  // doc pages after), one after the other: a failure of one is its own to log.
  const featureChange = { collection: body.collection, keys, env: c.env, content: c.get("content"), renderPage, afterResponse };
  for (const feature of features) await feature.onContentChange?.(featureChange);
  return c.json({ revalidated: true, collection: body.collection, keys, generation, marked: tags.length });
});
