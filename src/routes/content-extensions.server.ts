import { installContentExtensions } from "../content/extensions.server";
import { apiReferenceContent } from "../features/docs/api-reference/content.server";
import { blogContent } from "../features/blog/content.server";
import { careersContent } from "../features/careers/content.server";
import { changelogContent } from "../features/changelog/content.server";
import { docsContent } from "../features/docs/content.server";
import { eventsContent } from "../features/events/content.server";
import { pagesContent } from "../features/pages/content.server";
import { searchContent } from "../features/search/content.server";

/**
 * The features' additions to the content client (operations the worker answers, results it
 * renders, content versions it previews), installed when the app's modules load: the content
 * layer itself knows no feature. A feature with such an addition is one line here.
 */
const contentExtensions = [
  apiReferenceContent,
  blogContent,
  careersContent,
  changelogContent,
  docsContent,
  eventsContent,
  pagesContent,
  searchContent,
];
installContentExtensions(contentExtensions);
