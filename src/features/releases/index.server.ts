// The releases feature's server face: an editor previews the whole site inside a release (its
// bar in the shell). The rest of a release lives in the CMS: its collections, roles and flows in
// ./cms, its rules, preview reads, publishing and revert in cms/extensions/releases.
import { defineFeature } from "../../router/feature.server";
import { releasePreview } from "./preview.server";

export { readPreviewRelease } from "./preview.server";

export const releasesFeature = defineFeature({
  name: "releases",
  beforePages: () => releasePreview(),
});
