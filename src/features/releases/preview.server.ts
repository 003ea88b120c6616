import type { MiddlewareHandler } from "hono";
import { previewPathOf } from "../../content/extensions.server";
import type { PreviewRelease } from "../../content/types/site";
import type { AppEnv } from "../../env";
import { previewReleaseQuery } from "./release-query";

const actions = new Set(["version", "publish", "unpublish"]);

/**
 * The release an editor previews, as the preview's bar shows it: its name, state and time, and
 * each change with the page that shows it (read inside the release, so a new item has its page).
 * An unpublished item has no page there; nor does an item of a type without pages (a price, a
 * menu item): they are listed without a link.
 */
export async function readPreviewRelease(content: AppEnv["Variables"]["content"], id: string): Promise<PreviewRelease | null> {
  const release = (await content.query(previewReleaseQuery, { id })).releases_by_id;
  if (!release) return null;
  const changes = await Promise.all(
    (release.changes ?? []).filter(Boolean).map(async (change) => {
      const collection = change!.content_collection;
      const action = (actions.has(change!.action) ? change!.action : "version") as PreviewRelease["changes"][number]["action"];
      const path = action === "unpublish" ? null : await (previewPathOf(collection)?.(content, change!.item) ?? null);
      return {
        label: change!.label || `${collection} ${change!.item}`,
        collection,
        item: String(change!.item),
        action,
        path: path ?? null,
        conflict: change!.conflict ?? null,
      };
    }),
  );
  return { id: String(release.id), name: release.name, state: release.state, publishAt: release.publish_at ?? null, changes };
}

/** In a release's preview, what its bar says; a release that is gone ends the release part of the preview. */
export function releasePreview(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = c.get("previewReleaseId");
    if (id) {
      const release = await readPreviewRelease(c.get("content"), id).catch(() => null);
      if (release) c.set("previewRelease", release);
    }
    await next();
  };
}
