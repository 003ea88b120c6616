// The images feature's server face: /_next/image.
import { defineFeature } from "../../router/feature.server";
import { imageEndpoint } from "../../config/images";
import { imageRoute, type ImageOptions } from "./handler.server";

declare module "../../router/feature.server" {
  interface FeatureOptions {
    /** /_next/image: the upstream fetch and short limits. */
    images?: ImageOptions;
  }
}
export const imagesFeature = defineFeature({
  name: "images",
  routes: (app, { options }) => app.get(imageEndpoint, imageRoute(options.images)),
});
