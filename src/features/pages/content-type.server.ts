import { defineContentType } from "../../content/content-type.server";
import { idOf, itemRead, type VersionedRead } from "../../content/extensions.server";
import { sitemapQuery } from "../../content/queries/sitemap";
import { previewVariantParameter } from "../experiments";
import { htmlToText } from "../search";
import { blocksSearchText } from "./blocks/parse";
import type { SearchDocument } from "../../content/search-document";
import type { SearchPagesQuery } from "../../content/generated/operations";
import {
  pagePathQuery,
  pageVersionRead,
  searchPagesByIdsQuery,
  searchPagesQuery,
  sectionPlacementsQuery,
  sectionVersionRead,
  variantPlacementsQuery,
} from "./queries";

interface Variant {
  section?: { id?: unknown } | null;
}
interface Placement {
  collection?: string;
  item?: { id?: unknown; experiment?: { variants?: Variant[] | null } | null } | null;
}
const placementsOf = (data: any): Placement[] => data?.pages?.[0]?.blocks ?? [];
const isSection = (placement: Placement | null, id: string) => placement?.collection === "sections" && idOf(placement.item?.id) === id;
/** The variants of an experiment placed on the page whose content is this section (decision 028). */
const variantsShowing = (placement: Placement | null, id: string): Variant[] =>
  placement?.collection === "block_experiment"
    ? (placement.item?.experiment?.variants ?? []).filter((variant) => idOf(variant?.section?.id) === id)
    : [];

/** A section, wherever the previewed page places it (a section may appear more than once). */
const sectionRead: VersionedRead = {
  query: "Page",
  collection: "sections",
  shows: (_, data, id) => placementsOf(data).some((placement) => isSection(placement, id) || variantsShowing(placement, id).length > 0),
  operation: sectionVersionRead,
  merge: (data, versioned, id) => {
    const section = versioned.sections_by_id;
    if (!section) return null;
    const [page] = data.pages;
    const blocks = placementsOf(data).map((placement) => {
      if (isSection(placement, id)) return { ...placement, item: section };
      if (!variantsShowing(placement, id).length) return placement;
      const experiment = placement.item!.experiment!;
      const variants = experiment.variants!.map((variant) => (idOf(variant?.section?.id) === id ? { ...variant, section } : variant));
      return { ...placement, item: { ...placement.item, experiment: { ...experiment, variants } } };
    });
    return { ...data, pages: [{ ...page, blocks }] };
  },
};

/** A page as the search finds it, by its blocks' texts (sections' blocks included); none without a title or a path. */
function pageDocument(page: SearchPagesQuery["pages"][number]): SearchDocument[] {
  if (!page.title || !page.path) return [];
  return [
    {
      id: page.path,
      kind: "page",
      title: page.seo_title || page.title,
      description: page.seo_description ?? undefined,
      body: blocksSearchText(page.blocks).map(htmlToText).join(" "),
      url: page.path,
      item: page.id,
    },
  ];
}

/**
 * CMS pages: published at `publish_at`, at their own `path`; their block placements show and hide
 * on a window of their own (`show_from`, `show_until`).
 */
export const pagesContentType = defineContentType({
  collection: "pages",
  status: true,
  publishTimeField: "publish_at",
  // The page-URL flows (cms/flows.mjs) rewrite the paths under a moved page and redirect its old addresses.
  rewritesOnSave: { slug: ["pages", "redirects"], parent: ["pages", "redirects"] },
  displayWindows: [
    { collection: "pages_blocks", from: "show_from", until: "show_until" },
    { collection: "sections_blocks", from: "show_from", until: "show_until" },
  ],
  previewPath: async (content, id) => (await content.query(pagePathQuery, { id })).pages_by_id?.path ?? null,
  versionedReads: [itemRead("Page", "pages", pageVersionRead)],
  sitemap: {
    operation: sitemapQuery,
    // `/` is already a static path; a page with another canonical URL is that page.
    urls: (data) =>
      data.pages
        .filter((page) => page.path && page.path !== "/" && !page.canonical)
        .map((page) => ({ path: page.path!, lastmod: page.date_updated })),
  },
  // A page is found by its blocks' texts, sections' blocks included.
  search: {
    reads: [searchPagesQuery],
    async *documents(content) {
      for (const page of (await content.query(searchPagesQuery)).pages) yield* pageDocument(page);
    },
    async *itemDocuments(content, ids) {
      for (const page of (await content.query(searchPagesByIdsQuery, { ids: [...ids] })).pages) yield* pageDocument(page);
    },
  },
});

/** Sections: parts shared by pages, with a status; no URL of their own, so not in the sitemap. */
export const sectionsContentType = defineContentType({
  collection: "sections",
  status: true,
  // A section opens on the first page that shows it; a variant's section on its experiment's page, as that variant.
  async previewPath(content, id) {
    const placements = (await content.query(sectionPlacementsQuery)).pages_blocks;
    const shown = placements.find((row) => row?.item && "id" in row.item && String(row.item.id) === id);
    if (shown?.pages_id?.path) return shown.pages_id.path;
    const { experiment_variants: variants, pages_blocks: experiments } = await content.query(variantPlacementsQuery, { section: id });
    for (const variant of variants) {
      const page = experiments.find((row) => variant.key && row.item?.experiment?.key === variant.experiment?.key);
      if (page?.pages_id?.path) return `${page.pages_id.path}?${previewVariantParameter}=${encodeURIComponent(variant.key!)}`;
    }
    return null;
  },
  versionedReads: [sectionRead],
});
