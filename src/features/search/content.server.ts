import type { ContentExtensions } from "../../content/extensions.server";
import { resolveSiteSearch } from "./resolver.server";

/** The site search is answered by the worker from its index in KV (decision 019). */
export const searchContent: Partial<ContentExtensions> = {
  resolvers: { SiteSearch: resolveSiteSearch },
};
