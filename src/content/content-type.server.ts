import type { Operation } from "./operation";
import type { ContentExtensions, PreviewPath, SearchSource, VersionedRead } from "./extensions.server";

/** One `<url>` of the sitemap: a site path and, when known, the day it last changed. */
interface SitemapUrl {
  path: string;
  lastmod?: string | null;
}

/** A content type's part of the sitemap: what it reads (one request per operation, shared), and its URLs. */
interface SitemapEntry<TData> {
  operation: Operation<TData, any>;
  urls(data: TData): SitemapUrl[];
}

/**
 * Everything the site and the CMS set-up need to know about one CMS collection whose items are
 * content of the site. The app lists every type once (src/app/content-types.server.ts); the
 * sitemap, the site search, the editors' preview, content versions, scheduled publishing and
 * the CMS set-up's lists (cms/scripts/content-types.json) are derived from that list.
 */
export interface ContentType {
  collection: string;
  /** Items have a `status`: only `published` ones are public. False: readers see every item. */
  status: boolean;
  /** The field with an item's publish time: until then a published item is scheduled (hidden). */
  publishTimeField?: string;
  /**
   * Parts of its items shown and hidden on a schedule of their own (a page's block placements):
   * the scheduled publishing job makes the content stale when such a window opens or closes.
   */
  displayWindows?: readonly { collection: string; from: string; until: string }[];
  /** The path of an item's page for the editors' Live Preview; none: the CMS has no preview for it. */
  previewPath?: PreviewPath;
  /** The reads that show an editor's content version of an item in a preview; none: no versions. */
  versionedReads?: readonly VersionedRead[];
  /** Its URLs in the sitemap; none: its items have no page of their own in it. */
  sitemap?: SitemapEntry<any>;
  /** Its documents in the site search; none: the search does not find its items. */
  search?: SearchSource;
  /**
   * Fields whose save makes the CMS's own flows rewrite other items without a change event (a
   * page's new slug rewrites the paths under it and adds redirects): field → the collections
   * rewritten. The site takes such a save as a change of anything in those collections.
   */
  rewritesOnSave?: Readonly<Record<string, readonly string[]>>;
}

/** A content type's descriptor, typed: the sitemap's `urls` get the data of its own operation. */
export function defineContentType<TData>(type: Omit<ContentType, "sitemap"> & { sitemap?: SitemapEntry<TData> }): ContentType {
  return type;
}

/** What the CMS set-up (plain Node, cms/scripts/setup.mjs) reads of each type: data only. */
export interface CmsContentType {
  collection: string;
  status: boolean;
  publishTimeField: string | null;
  livePreview: boolean;
  versions: boolean;
}

export const cmsContentType = (type: ContentType): CmsContentType => ({
  collection: type.collection,
  status: type.status,
  publishTimeField: type.publishTimeField ?? null,
  livePreview: Boolean(type.previewPath),
  versions: Boolean(type.versionedReads?.length),
});

/** What the content types add to the content client: the preview path, the versioned reads and the search documents of each. */
export function contentTypeExtensions(types: readonly ContentType[]): Partial<ContentExtensions> {
  return {
    searchSources: types.flatMap((type) => (type.search ? [{ ...type.search, collection: type.collection }] : [])),
    previewPaths: Object.fromEntries(types.flatMap((type) => (type.previewPath ? [[type.collection, type.previewPath]] : []))),
    versionedReads: types.flatMap((type) => type.versionedReads ?? []),
  };
}
