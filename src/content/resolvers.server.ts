import { resolveApiReferencePage } from "../features/api-reference/page.server";
import { resolveCareersRoles } from "../features/careers/roles.server";
import type { ContentSource } from "../routing/define";
import { resolveDocsNavigation } from "../features/docs/navigation.server";
import { resolveSiteSearch } from "../features/search/resolver.server";

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
