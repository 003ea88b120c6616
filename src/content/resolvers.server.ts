import { resolveApiReferencePage } from "../api-reference/page.server";
import { resolveCareersRoles } from "../routes/careers/roles.server";
import type { ContentSource } from "../routes/define";
import { resolveDocsNavigation } from "../routes/docs/navigation.server";
import { resolveSiteSearch } from "../search/resolver.server";

export interface ResolverContext {
  kv: KVNamespace;
  content: ContentSource;
  preview: boolean;
  now: number;
  siteUrl: string;
  apiBaseUrl: string;
  waitUntil: (promise: Promise<unknown>) => void;
}

/**
 * Operations the worker answers itself instead of Directus, by name. They go through the same
 * `content.query` (page payload, the browser's /graphql allowlist) but not through the query
 * cache: their own data (the search index, the docs tree they cut, the roles they page) is cached
 * where it lives.
 */
export const localResolvers: Record<string, (variables: Record<string, unknown>, context: ResolverContext) => Promise<unknown>> = {
  SiteSearch: resolveSiteSearch,
  ApiReferencePage: resolveApiReferencePage,
  DocsNavigation: resolveDocsNavigation,
  CareersRoles: resolveCareersRoles,
};
