import { blockFragments, sectionBlockFragments } from "./blocks/registry";
import { childrenSelection } from "./blocks/child-pages/cms.mjs";
import { shownNow } from "./blocks/shown-now";
import { defineOperation } from "../../content/operation";
import type {
  SearchPagesQuery,
  SearchPagesQueryVariables,
  SearchPagesByIdsQuery,
  SearchPagesByIdsQueryVariables,
  PageQuery,
  PageQueryVariables,
  PagePathQuery,
  PagePathQueryVariables,
  SectionPlacementsQuery,
  SectionPlacementsQueryVariables,
  VariantPlacementsQuery,
  VariantPlacementsQueryVariables,
} from "../../content/generated/operations";
import { fileFields } from "../../content/queries/fragments";

/** A section's placed blocks, as a page shows them inside the section. */
const sectionFields = `
          id
          blocks(filter: ${shownNow}, sort: ["sort"]) {
            id
            collection
            anchor
            item {
              ${sectionBlockFragments}
            }
          }`;

/**
 * What a page view shows of a page: its head fields, the pages under it (a child pages block lists
 * them; read with every page, so such a block in a shared section lists the pages under whichever
 * page shows it) and its blocks, sections expanded.
 */
const pageFields = `
    id
    status
    title
    path
    publish_at
    date_updated
    seo_title
    seo_description
    noindex
    canonical
    share_image { ...FileFields }
    share_card { ...FileFields }
    ${childrenSelection}
    blocks(filter: ${shownNow}, sort: ["sort"]) {
      id
      collection
      anchor
      item {
        ${blockFragments}
        ... on sections {${sectionFields}
        }
      }
    }`;

/**
 * A CMS page by its path with all its blocks, sections expanded, in one request. Inline
 * fragments on the many-to-any union (named fragments there come back null in Directus 11),
 * derived from the block registry. `$status` and `$now` are set by the server.
 */
export const pageQuery = defineOperation<PageQuery, PageQueryVariables>(
  /* GraphQL */ `
query Page($path: String!, $status: [String], $now: String) {
  pages(filter: { path: { _eq: $path }, status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, limit: 1) {${pageFields}
  }
}
${fileFields}`,
);

/** An editor's preview of a page's named content version (its blocks' changes included). */
export const pageVersionRead = defineOperation<{ pages_by_id: PageQuery["pages"][number] | null }, { id: string; version: string }>(
  /* GraphQL */ `
query PageVersion($id: ID!, $version: String, $status: [String], $now: String) {
  pages_by_id(id: $id, version: $version) {${pageFields}
  }
}
${fileFields}`,
);

/**
 * An editor's preview of a section's named content version, shown in place of the section on
 * the page that is being previewed.
 */
export const sectionVersionRead = defineOperation<
  { sections_by_id: { id: string; blocks: unknown } | null },
  { id: string; version: string }
>(
  /* GraphQL */ `
query SectionVersion($id: ID!, $version: String, $status: [String], $now: String) {
  sections_by_id(id: $id, version: $version) {${sectionFields}
  }
}
${fileFields}`,
);

/** A page's path by id, drafts included: where the preview route sends an editor. */
export const pagePathQuery = defineOperation<PagePathQuery, PagePathQueryVariables>(
  /* GraphQL */ `
query PagePath($id: ID!) {
  pages_by_id(id: $id) { id path }
}`,
);

/**
 * The pages that show sections (drafts included): a section's preview opens the first that
 * shows it. GraphQL cannot filter a many-to-any `item`, so the route picks the section.
 */
export const sectionPlacementsQuery = defineOperation<SectionPlacementsQuery, SectionPlacementsQueryVariables>(
  /* GraphQL */ `
query SectionPlacements {
  pages_blocks(filter: { collection: { _eq: "sections" } }, sort: ["pages_id"], limit: 500) {
    pages_id { path }
    item { ... on sections { id } }
  }
}`,
);

/**
 * The experiments' variants that show a section, and the pages that place those experiments
 * (drafts included): a variant's section previews on its page with `?variant=<key>` (decision 028).
 */
export const variantPlacementsQuery = defineOperation<VariantPlacementsQuery, VariantPlacementsQueryVariables>(
  /* GraphQL */ `
query VariantPlacements($section: GraphQLStringOrFloat) {
  experiment_variants(filter: { section: { id: { _eq: $section } } }, limit: 10) {
    key
    experiment { key }
  }
  pages_blocks(filter: { collection: { _eq: "block_experiment" } }, sort: ["pages_id"], limit: 500) {
    pages_id { path }
    item { ... on block_experiment { experiment { key } } }
  }
}`,
);

const searchablePages = "status: { _in: $status }, _or: [{ noindex: { _null: true } }, { noindex: { _eq: false } }]";
/** What the search reads of a page, in bulk and by ids alike: its texts and its blocks' and sections' shown now. */
const searchPageFields = `
    id
    path
    title
    seo_title
    seo_description
    blocks(filter: ${shownNow}) {
      collection
      item {
        ${blockFragments}
        ... on sections { blocks(filter: ${shownNow}) { collection item { ${sectionBlockFragments} } } }
      }
    }`;

/** The published pages with their blocks' texts, for the site search (server only); a page kept out of search engines is left out. */
export const searchPagesQuery = defineOperation<SearchPagesQuery, SearchPagesQueryVariables>(
  /* GraphQL */ `
query SearchPages($status: [String], $now: String) {
  pages(filter: { ${searchablePages} }, sort: ["path"], limit: -1) {${searchPageFields}
  }
}
${fileFields}`,
  { bulk: true },
);

/** The given pages as the search reads them, when published and not kept out of search engines (server only). */
export const searchPagesByIdsQuery = defineOperation<SearchPagesByIdsQuery, SearchPagesByIdsQueryVariables>(
  /* GraphQL */ `
query SearchPagesByIds($ids: [GraphQLStringOrFloat], $status: [String], $now: String) {
  pages(filter: { id: { _in: $ids }, ${searchablePages} }, limit: -1) {${searchPageFields}
  }
}
${fileFields}`,
  { bulk: true },
);
