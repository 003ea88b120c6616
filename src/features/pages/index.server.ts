// The pages feature's server face: pages and sections built from blocks, their content types and
// content, and the forms a page shows (for the forms API).
import { defineFeature } from "../../router/feature.server";
import { pagesContent } from "./content.server";
import { pagesContentType, sectionsContentType } from "./content-type.server";

export { formsOnPage } from "./forms-on-page";

export const pagesFeature = defineFeature({
  name: "pages",
  contentTypes: [pagesContentType, sectionsContentType],
  content: [pagesContent],
});
