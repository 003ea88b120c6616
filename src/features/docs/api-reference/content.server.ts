import type { ContentExtensions } from "../../../content/extensions.server";
import { apiBreakingChangesQuery } from "../../changelog";
import { resolveApiBreakingChanges } from "./breaking-changes.server";
import { resolveApiReferencePage } from "./page.server";

/**
 * One page of the API reference, cut by the worker from the stored document (decision 017), and
 * a version's breaking changes, which the changelog's entry announcing it shows (decision 027).
 */
export const apiReferenceContent: Partial<ContentExtensions> = {
  resolvers: { ApiReferencePage: resolveApiReferencePage, [apiBreakingChangesQuery.name]: resolveApiBreakingChanges },
};
