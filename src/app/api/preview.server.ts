import { Hono, type Context } from "hono";
import { setCookie } from "hono/cookie";
import type { Content } from "../../content/content.server";
import { previewCollections, previewPathOf, versionedReadFor } from "../../content/extensions.server";
import type { AppEnv } from "../../env";
import { redirectTo, safeLocalPath } from "../../lib/location";
import { secretsEqual } from "../../lib/secrets.server";
import {
  clearPreviewCookies,
  idPattern,
  previewCookieName,
  previewCookieOptions,
  previewCookieValue,
  previewReleaseCookieName,
  previewVersionCookieName,
  previewVersionValue,
  releaseIdPattern,
  versionKeyPattern,
} from "../../middleware/preview";
import { readPreviewRelease } from "../../features/releases/index.server";

/** Whether the item has a content version with this key (the preview token may read versions). */
async function versionExists(content: Content, collection: string, id: string, key: string): Promise<boolean> {
  const read = versionedReadFor(collection);
  if (!read) return false;
  const data = (await content.query(read.operation, { id, version: key })) as Record<string, unknown>;
  return Object.values(data).some((value) => value !== null && value !== undefined);
}

const fail = (c: Context<AppEnv>, message: string, status: 400 | 401 | 404) => c.text(message, status);

/**
 * GET /api/preview?token=…&path=/blog/slug                      -> preview cookie, redirect to path
 * GET /api/preview?token=…&collection=posts&id=12[&version=key] -> the same for a CMS item's page;
 *     with a content version other than `main`, the page shows that version of that item.
 *     This is the Live Preview URL of each routed collection (cms/scripts/setup.mjs).
 * GET /api/preview?token=…&release=3[&path=/pricing]           -> the whole site as it will be once
 *     release 3 is published (every read inside the release, a bar listing its changes); the
 *     Live Preview URL of a release (cms: src/features/releases/cms)
 * GET /api/preview/exit?path=/blog/slug                         -> clears it, redirects to path (or /)
 *
 * The token only ever travels in this request: the answer is `private, no-store`, the redirect
 * goes to the clean path (so no page URL, `Referer` or rendered page carries it), and the request
 * log keeps query parameter names, never values.
 */
export const previewRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    c.header("Cache-Control", "private, no-store");
    const token = c.req.query("token");
    if (!(await secretsEqual(token, c.env.DIRECTUS_PREVIEW_TOKEN))) {
      return fail(c, "The preview token is missing or not valid.", 401);
    }
    const collection = c.req.query("collection");
    const id = c.req.query("id");
    const versionKey = c.req.query("version");
    const release = c.req.query("release");
    let path: string | null;
    let version: { collection: string; id: string; key: string } | null = null;
    if (release !== undefined) {
      if (!releaseIdPattern.test(release)) return fail(c, "The release parameter must be a release's id.", 400);
      const found = await readPreviewRelease(c.get("content").asPreview(), release).catch(() => null);
      if (!found) return fail(c, `There is no release ${release}, or the preview token may not read it.`, 404);
      path = safeLocalPath(c.req.query("path") ?? "/");
      if (!path) return fail(c, "The path parameter must be a path on this site, such as /pricing.", 400);
    } else if (collection !== undefined || id !== undefined) {
      const resolve = collection ? previewPathOf(collection) : undefined;
      if (!resolve) return fail(c, `The collection parameter must be one of ${previewCollections().join(", ")}.`, 400);
      // Directus fills in "+" for an item not saved yet.
      if (id === "+") return fail(c, "Save the item first: an item that is not saved yet has no page to preview.", 404);
      if (!id || !idPattern.test(id)) return fail(c, "The id parameter must be an item id.", 400);
      const content = c.get("content").asPreview();
      path = await resolve(content, id);
      if (!path) return fail(c, `There is no ${collection} item ${id} with a page on this site.`, 404);
      if (versionKey && versionKey !== "main") {
        if (!versionKeyPattern.test(versionKey)) return fail(c, "The version parameter must be a content version key.", 400);
        if (!(await versionExists(content, collection!, id, versionKey))) {
          return fail(c, `The ${collection} item ${id} has no content version "${versionKey}".`, 404);
        }
        version = { collection: collection!, id, key: versionKey };
      }
    } else {
      path = safeLocalPath(c.req.query("path") ?? "/");
      if (!path) return fail(c, "The path parameter must be a path on this site, such as /blog/my-post.", 400);
    }
    const options = previewCookieOptions(c);
    setCookie(c, previewCookieName, await previewCookieValue(c.env.DIRECTUS_PREVIEW_TOKEN!), options);
    if (version) setCookie(c, previewVersionCookieName, previewVersionValue(version), options);
    else if (c.req.header("cookie")?.includes(`${previewVersionCookieName}=`))
      setCookie(c, previewVersionCookieName, "", { ...options, maxAge: 0 });
    // A release's preview, or an item's: one at a time.
    if (release !== undefined) setCookie(c, previewReleaseCookieName, release, options);
    else if (c.req.header("cookie")?.includes(`${previewReleaseCookieName}=`))
      setCookie(c, previewReleaseCookieName, "", { ...options, maxAge: 0 });
    return redirectTo(c, path, 302);
  })
  .get("/exit", (c) => {
    c.header("Cache-Control", "private, no-store");
    clearPreviewCookies(c);
    return redirectTo(c, safeLocalPath(c.req.query("path")), 302);
  });
