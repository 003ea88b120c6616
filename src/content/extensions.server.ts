import type { Operation } from "./operation";
import type { ContentSource } from "./operation";
import type { SearchDocument } from "./search-document";
import type { NavigationItemFieldsFragment } from "./generated/operations";

/**
 * What features add to the content client, by operation name: answers the worker computes itself
 * (resolvers), work on Directus' answer before it is cached (transforms), and the reads that put
 * an editor's content version in place (versioned reads); and where the site's menus link to
 * their items. The content layer knows no feature: the app installs the features' extensions
 * once (src/app/content-extensions.server.ts).
 */
export interface ContentExtensions {
  resolvers: Record<string, Resolver>;
  transforms: Record<string, Transform>;
  versionedReads: readonly VersionedRead[];
  /** The page of a CMS item an editor previews, by collection (drafts and scheduled items included). */
  previewPaths: Record<string, PreviewPath>;
  /** What each content type gives the site search, in the content types' order. */
  searchSources: readonly CollectionSearchSource[];
  /** Where the CMS menus' items that point at a feature's item link, by the item's kind ("post", "doc"). */
  menuLinks: Record<string, MenuLink>;
}

/** The path a menu item links to, or null when its target is gone or not public. */
export type MenuLink = (item: NavigationItemFieldsFragment) => string | null;

/** A content type's part of the site search. */
export interface SearchSource {
  /** The reads its documents come from: a change to a collection they read rebuilds the index. */
  reads: readonly Operation<any, any>[];
  /** Its published items as search documents, one at a time (a type with many items reads them in chunks). */
  documents(content: ContentSource): AsyncIterable<SearchDocument>;
  /**
   * The documents of these items of its collection and of any others whose documents they shape
   * (a doc page's children carry its slug and title), each with its `item`; an item not published
   * gives none. Without it, a change of one item compares every document.
   */
  itemDocuments?(content: ContentSource, ids: readonly string[]): AsyncIterable<SearchDocument>;
}

/** A content type's search source with the collection its items (a document's `item`) are of. */
export interface CollectionSearchSource extends SearchSource {
  collection: string;
}

/** The path of an item's page, read with the preview token; null when it has none. */
export type PreviewPath = (content: ContentSource, id: string) => Promise<string | null>;

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
 * An operation the worker answers itself instead of Directus. It goes through the same
 * `content.query` (page payload, the browser's /graphql allowlist) but not through the query
 * cache: its own data (the search index, the docs tree it cuts, the roles it pages) is cached
 * where it lives.
 */
export type Resolver = (variables: Record<string, unknown>, context: ResolverContext) => Promise<unknown>;

interface TransformContext {
  kv: KVNamespace;
  siteUrl: string;
  apiBaseUrl: string;
  waitUntil: (promise: Promise<unknown>) => void;
}

/**
 * Server-side work on a query's result before it is cached or sent anywhere (Markdown rendered
 * to HTML, code highlighted), so no such code ships to the browser.
 */
export type Transform = (data: any, context: TransformContext) => Promise<unknown>;

/**
 * How a page's query reads an item from a content version. Directus has versions on
 * `<collection>_by_id(id, version)` only, not on lists, so a query by slug first finds the item
 * (its id) in the main version, then this read puts the named version's content in its place.
 */
export interface VersionedRead {
  /** The name of the page query it stands in for. */
  query: string;
  collection: string;
  /** Whether the main read's data shows the item with this id (the variables may say which). */
  shows(variables: Record<string, unknown>, data: any, id: string): boolean;
  operation: Operation<any, any>;
  /** The main read's data with the version's item in its place; null when the version has none. */
  merge(data: any, versioned: any, id: string): unknown;
}

export const idOf = (value: unknown): string | null => (value === undefined || value === null ? null : String(value));

/** A detail page's read of its one item (a list of one, found by slug or path). */
export const itemRead = (query: string, collection: string, operation: Operation<any, any>): VersionedRead => ({
  query,
  collection,
  shows: (_, data, id) => idOf(data?.[collection]?.[0]?.id) === id,
  operation,
  merge: (data, versioned) => {
    const item = versioned[`${collection}_by_id`];
    return item ? { ...data, [collection]: [item] } : null;
  },
});

/** A Directus content version an editor previews: one item's named version (`key`). */
export interface PreviewVersion {
  collection: string;
  id: string;
  key: string;
}

const noExtensions = (): ContentExtensions => ({
  resolvers: {},
  transforms: {},
  versionedReads: [],
  previewPaths: {},
  searchSources: [],
  menuLinks: {},
});

let installed = noExtensions();

/** The app's features' extensions, merged; a name (an operation's, a menu item kind) claimed twice is a mistake. */
export function installContentExtensions(parts: readonly Partial<ContentExtensions>[]): void {
  const merged = noExtensions();
  for (const part of parts) {
    for (const [kind, table] of [
      ["resolver", part.resolvers],
      ["transform", part.transforms],
      ["preview path", part.previewPaths],
      ["menu link", part.menuLinks],
    ] as const) {
      for (const [name, run] of Object.entries(table ?? {})) {
        const target: Record<string, unknown> = {
          resolver: merged.resolvers,
          transform: merged.transforms,
          "preview path": merged.previewPaths,
          "menu link": merged.menuLinks,
        }[kind];
        if (target[name]) throw new Error(`two ${kind}s for ${name}`);
        target[name] = run;
      }
    }
    merged.versionedReads = [...merged.versionedReads, ...(part.versionedReads ?? [])];
    merged.searchSources = [...merged.searchSources, ...(part.searchSources ?? [])];
  }
  installed = merged;
}

export const resolverOf = (operationName: string): Resolver | undefined => installed.resolvers[operationName];
export const transformOf = (operationName: string): Transform | undefined => installed.transforms[operationName];

/** The read that puts this item's version into this page query's data, if there is one. */
export const versionedReadOf = (query: string, collection: string): VersionedRead | undefined =>
  installed.versionedReads.find((read) => read.query === query && read.collection === collection);

/** The read of an item of this collection in a named version (an editor can preview it), if any. */
export const versionedReadFor = (collection: string): VersionedRead | undefined =>
  installed.versionedReads.find((read) => read.collection === collection);

/** How to find the page of an item of this collection, if it has pages. */
export const previewPathOf = (collection: string): PreviewPath | undefined =>
  Object.hasOwn(installed.previewPaths, collection) ? installed.previewPaths[collection] : undefined;

/** The collections whose items have pages an editor can preview. */
export const previewCollections = (): string[] => Object.keys(installed.previewPaths);

/** Where a menu item of this kind links, if a feature said so. */
export const menuLinkOf = (kind: string): MenuLink | undefined =>
  Object.hasOwn(installed.menuLinks, kind) ? installed.menuLinks[kind] : undefined;

/** What the content types give the site search, in their order. */
export const searchSources = (): readonly CollectionSearchSource[] => installed.searchSources;

/** Every versioned read installed (the schema tests validate each). */
export const allVersionedReads = (): readonly VersionedRead[] => installed.versionedReads;
