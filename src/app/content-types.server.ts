import type { ContentType } from "../content/content-type.server";
import { glossaryContentType } from "../features/ask/content-type.server";
import { authorsContentType, postsContentType } from "../features/blog/content-type.server";
import { jobsContentType } from "../features/careers/content-type.server";
import { changelogContentType } from "../features/changelog/content-type.server";
import { apiReferenceContentType, apiReferenceVersionsContentType } from "../features/docs/api-reference/content-type.server";
import { docsPagesContentType } from "../features/docs/content-type.server";
import { eventsContentType } from "../features/events/content-type.server";
import { pagesContentType, sectionsContentType } from "../features/pages/content-type.server";

/**
 * Every CMS content type, one line each, in the sitemap's order. The sitemap, the editors'
 * preview paths, content versions, scheduled publishing and the CMS set-up's lists
 * (cms/scripts/content-types.json, checked by test/unit/content-types.test.ts) follow from it.
 */
export const contentTypes: readonly ContentType[] = [
  pagesContentType,
  sectionsContentType,
  postsContentType,
  authorsContentType,
  jobsContentType,
  eventsContentType,
  docsPagesContentType,
  changelogContentType,
  apiReferenceContentType,
  apiReferenceVersionsContentType,
  glossaryContentType,
];
