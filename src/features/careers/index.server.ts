// The careers feature's server face: its content type and the roles the worker filters and pages.
import { defineFeature } from "../../router/feature.server";
import { careersContent } from "./content.server";
import { jobsContentType } from "./content-type.server";
export const careersFeature = defineFeature({
  name: "careers",
  contentTypes: [jobsContentType],
  content: [careersContent],
});
