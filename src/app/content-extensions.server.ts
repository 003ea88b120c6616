import { contentTypeExtensions } from "../content/content-type.server";
import { installContentExtensions } from "../content/extensions.server";
import { contentTypes } from "./content-types.server";
import { features } from "./features.server";

/**
 * The features' additions to the content client (operations the worker answers, results it
 * renders, content versions it previews), installed when the app's modules load: the content
 * layer itself knows no feature. The preview paths and versioned reads of the content types come
 * from their descriptors.
 */
installContentExtensions([...features.flatMap((feature) => feature.content ?? []), contentTypeExtensions(contentTypes)]);
