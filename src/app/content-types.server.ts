import type { ContentType } from "../content/content-type.server";
import { features } from "./features.server";

/**
 * Every CMS content type, from the features in their order (the sitemap's). The sitemap, the
 * editors' preview paths, content versions, scheduled publishing and the CMS set-up's lists
 * (cms/scripts/content-types.json, checked by test/unit/content-types.test.ts) follow from it.
 */
export const contentTypes: readonly ContentType[] = features.flatMap((feature) => feature.contentTypes ?? []);
