import { contentTypeExtensions } from "../content/content-type.server";
import { installContentExtensions } from "../content/extensions.server";
import { askContent } from "../features/ask/content.server";
import { apiReferenceContent } from "../features/docs/api-reference/content.server";
import { careersContent } from "../features/careers/content.server";
import { changelogContent } from "../features/changelog/content.server";
import { docsContent } from "../features/docs/content.server";
import { pagesContent } from "../features/pages/content.server";
import { searchContent } from "../features/search/content.server";
import { contentTypes } from "./content-types.server";

/**
 * The features' additions to the content client (operations the worker answers, results it
 * renders, content versions it previews), installed when the app's modules load: the content
 * layer itself knows no feature. A feature with such an addition is one line here; the preview
 * paths and versioned reads of the content types come from their descriptors (content-types.server.ts).
 */
const contentExtensions = [
  apiReferenceContent,
  askContent,
  careersContent,
  changelogContent,
  docsContent,
  pagesContent,
  searchContent,
  contentTypeExtensions(contentTypes),
];
installContentExtensions(contentExtensions);
