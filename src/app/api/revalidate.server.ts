import { Hono } from "hono";
import { isContentCollection } from "../../content/collections";
import { moveGenerations } from "../../content/generations.server";
import { markTags, tagsOfChange, wholeCollectionTag, type ItemChange } from "../../content/tags.server";
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
 * the shared secret, or a release's `{release, changes: [{collection, keys, event?, fields?}, …]}`. Marks what the change touches (the items, the lists they enter or leave, the
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

type ChangeBody = { collection?: unknown; keys?: unknown; event?: unknown; fields?: unknown };

/** The change a body describes, or what is wrong with it (a message for the CMS's log). */
function changeOf(body: ChangeBody | null): ItemChange | string {
  if (!body || typeof body.collection !== "string" || !body.collection) {
    return 'Expected a JSON body like {"collection": "posts", "keys": ["1"], "event": "update", "fields": ["title"]}.';
  }
  // The flow sends null for what it does not know (an update's fields are known, a creation's are not).
  if (body.event != null && !events.has(String(body.event))) return "event must be create, update or delete.";
  if (body.fields != null && !(Array.isArray(body.fields) && body.fields.every((field) => typeof field === "string"))) {
    return "fields must be a list of field names.";
  }
  return withPublishing({
    collection: body.collection,
    keys: Array.isArray(body.keys) ? body.keys.map(String) : [],
    event: (body.event ?? undefined) as ItemChange["event"],
    fields: (body.fields ?? undefined) as string[] | undefined,
  });
}

/** At most this many changes in one release's call (its items are named one by one). */
const maxChangesPerCall = 1000;

/**
 * A release's switch, from the call before its transaction (`phase: "begin"`) to the call after
 * it: its items count as changing until this long from the first call, unless the second comes
 * first. Meanwhile no page that shows one of them is kept (it may have been read across the
 * commit), and the pages kept from before are answered whole until they are rendered again.
 */
const switchWindowMs = 60_000;

export const revalidateRoutes = new Hono<AppEnv>().post("/", async (c) => {
  c.header("Cache-Control", "no-store");
  if (!(await secretsEqual(c.req.header(revalidateSecretHeader), c.env.REVALIDATE_SECRET))) {
    return c.json({ error: `Missing or wrong ${revalidateSecretHeader} header.` }, 401);
  }
  const body = (await c.req.json().catch(() => null)) as (ChangeBody & { release?: unknown; changes?: unknown; phase?: unknown }) | null;
  // A release's publication (or revert) comes as one call naming every item it changed
  // (cms/extensions/releases): all of it is marked before any page is rendered again, so no page
  // built after this answer shows part of it.
  const batch = body && Array.isArray(body.changes) ? body.changes : null;
  // The release's id as logs and answers carry it: a number, or nothing.
  const release = typeof body?.release === "number" && Number.isSafeInteger(body.release) ? body.release : null;
  // One item's event of a release the site was already told of as a whole (the CMS then names
  // the release): done. Rendering a page again on it alone could mix it with the release's rest.
  if (!batch && body?.release != null) {
    return c.json({ ignored: true, release, reason: "part of a release the site already has" });
  }
  if (batch && (!batch.length || batch.length > maxChangesPerCall)) {
    return c.json({ error: `changes must list 1 to ${maxChangesPerCall} changes.` }, 400);
  }
  const parsed = (batch ?? [body]).map((item) => changeOf(item as ChangeBody | null));
  const problem = parsed.find((item): item is string => typeof item === "string");
  if (problem) return c.json({ error: batch ? `Each of changes: ${problem}` : problem }, 400);
  const changes = (parsed as ItemChange[]).filter((change) => isContentCollection(change.collection));
  if (!changes.length) {
    const collection = (parsed as ItemChange[])[0]!.collection;
    return c.json({ ignored: true, collection, reason: "not a collection the site reads" });
  }
  if (body?.phase != null && !(batch && body.phase === "begin")) {
    return c.json({ error: 'phase is "begin", in a release\'s call before its changes are made, or absent.' }, 400);
  }
  const kv = c.env.CONTENT_CACHE;
  const at = body?.phase === "begin" ? Date.now() + switchWindowMs : Date.now();
  const marked = changes.map((change) => ({ change, tags: tagsOfChange(change) }));
  // Every tag first, then every generation at once: a reader that sees a new generation finds
  // all of the call's tags marked, and no reader sees one of a release's collections moved
  // without the others.
  for (const { change, tags } of marked) await markTags(kv, tags, at, change);
  // What the CMS's own flows rewrote without telling (the paths under a moved page), and a
  // change that names no item or whose save rewrote its own collection: anything in it.
  const wholes = new Set<string>();
  for (const { change } of marked) {
    const rewritten = rewrittenBy(change);
    for (const collection of rewritten) wholes.add(collection);
    if (!change.keys.length || rewritten.includes(change.collection)) wholes.add(change.collection);
  }
  const wholeTags = [...wholes].map(wholeCollectionTag);
  if (wholeTags.length) await markTags(kv, wholeTags);
  const moved = [...new Set([...changes.map((change) => change.collection), ...wholes])];
  const generations = await moveGenerations(kv, moved, Date.now(), [...marked.flatMap(({ tags }) => tags), ...wholeTags]);
  // The switch begins: nothing changed yet, nothing to render.
  if (body?.phase === "begin") return c.json({ switching: true, release, changes: changes.length });
  const afterResponse = async (work: Promise<unknown>) => {
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      await work; // no execution context (a plain app.request in a test)
    }
  };
  const renderPage = c.get("renderPage");
  const receivedAt = Date.now();
  const content = c.get("content");
  await afterResponse(
    (async () => {
      const renderedAlready = new Set<string>();
      for (const { change, tags } of marked) {
        const rendered = await renderChangedPages({ siteUrl: c.env.SITE_URL, change, tags, kv, content, renderPage, renderedAlready });
        logLine("info", "content_change", {
          collection: change.collection,
          keys: change.keys.slice(0, 20),
          change: change.event ?? null,
          fields: change.fields ?? null,
          ...(batch ? { release } : {}),
          marked: tags.length,
          rendered: rendered.length,
          paths: rendered.slice(0, 20),
          ms: Date.now() - receivedAt,
        });
      }
    })(),
  );
  // Then each feature's own work (a redirect map rebuilt before answering, the search index and
  // doc pages after), one after the other: a failure of one is its own to log.
  for (const change of changes) {
    const featureChange = {
      collection: change.collection,
      keys: change.keys,
      rewritten: rewrittenBy(change),
      env: c.env,
      content,
      renderPage,
      afterResponse,
    };
    for (const feature of features) await feature.onContentChange?.(featureChange);
  }
  const tagCount = marked.reduce((sum, { tags }) => sum + tags.length, 0);
  if (batch) return c.json({ revalidated: true, release, changes: changes.length, marked: tagCount });
  const [change] = changes;
  return c.json({
    revalidated: true,
    collection: change!.collection,
    keys: change!.keys,
    generation: generations[moved.indexOf(change!.collection)],
    marked: tagCount,
  });
});
