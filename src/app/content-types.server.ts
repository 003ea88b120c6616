import type { ContentType } from "../content/content-type.server";
import type { ItemChange } from "../content/tags.server";
import { features } from "./features.server";

/**
 * Every CMS content type, from the features in their order (the sitemap's). The sitemap, the
 * editors' preview paths, content versions, scheduled publishing and the CMS set-up's lists
 * (cms/scripts/content-types.json, checked by test/unit/content-types.test.ts) follow from it.
 */
export const contentTypes: readonly ContentType[] = features.flatMap((feature) => feature.contentTypes ?? []);

/** A change as the CMS reported it, with the fields its content type publishes items by (tags.server.ts). */
export function withPublishing(change: ItemChange): ItemChange {
  const type = contentTypes.find((candidate) => candidate.collection === change.collection);
  if (!type) return change;
  const publishedBy = [...(type.status ? ["status"] : []), ...(type.publishTimeField ? [type.publishTimeField] : [])];
  return { ...change, publishedBy };
}
