import type { ContentExtensions } from "../../../content/extensions.server";
import { resolveApiReferencePage } from "./page.server";

/** One page of the API reference, cut by the worker from the stored document (decision 017). */
export const apiReferenceContent: Partial<ContentExtensions> = {
  resolvers: { ApiReferencePage: resolveApiReferencePage },
};
