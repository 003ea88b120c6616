import type { Operation } from "./operation";
import { blogVersionReads } from "../features/blog/queries";
import { careersVersionReads } from "../features/careers/queries";
import { docsVersionReads } from "../features/docs/queries";
import { eventVersionReads } from "../features/events/queries";
import { pageVersionRead, sectionVersionRead } from "../features/pages/queries";

/** A Directus content version an editor previews: one item's named version (`key`). */
export interface PreviewVersion {
  collection: string;
  id: string;
  key: string;
}

/**
 * How a page's query reads an item from a content version. Directus has versions on
 * `<collection>_by_id(id, version)` only, not on lists, so a query by slug first finds the item
 * (its id) in the main version, then this read puts the named version's content in its place.
 */
interface VersionedRead {
  /** The name of the page query it stands in for. */
  query: string;
  collection: string;
  /** Whether the main read's data shows the item with this id (the variables may say which). */
  shows(variables: Record<string, unknown>, data: any, id: string): boolean;
  operation: Operation<any, any>;
  /** The main read's data with the version's item in its place; null when the version has none. */
  merge(data: any, versioned: any, id: string): unknown;
}

const idOf = (value: unknown): string | null => (value === undefined || value === null ? null : String(value));

/** A detail page's read of its one item `field` (a list of one, found by slug or path). */
const itemRead = (query: string, collection: string, operation: Operation<any, any>): VersionedRead => ({
  query,
  collection,
  shows: (_, data, id) => idOf(data?.[collection]?.[0]?.id) === id,
  operation,
  merge: (data, versioned) => {
    const item = versioned[`${collection}_by_id`];
    return item ? { ...data, [collection]: [item] } : null;
  },
});

interface Placement {
  collection?: string;
  item?: { id?: unknown } | null;
}
const placementsOf = (data: any): Placement[] => data?.pages?.[0]?.blocks ?? [];
const isSection = (placement: Placement | null, id: string) => placement?.collection === "sections" && idOf(placement.item?.id) === id;

/** A section, wherever the previewed page places it (a section may appear more than once). */
const sectionRead: VersionedRead = {
  query: "Page",
  collection: "sections",
  shows: (_, data, id) => placementsOf(data).some((placement) => isSection(placement, id)),
  operation: sectionVersionRead,
  merge: (data, versioned, id) => {
    const section = versioned.sections_by_id;
    if (!section) return null;
    const [page] = data.pages;
    const blocks = placementsOf(data).map((placement) => (isSection(placement, id) ? { ...placement, item: section } : placement));
    return { ...data, pages: [{ ...page, blocks }] };
  },
};

/** Server only: a preview never caches. */
export const versionedReads: readonly VersionedRead[] = [
  itemRead("BlogPost", "posts", blogVersionReads.post),
  {
    query: "BlogAuthor",
    collection: "authors",
    shows: (variables, data, id) => Boolean(data?.authors_by_id) && idOf(variables.id) === id,
    operation: blogVersionReads.author,
    merge: (_, versioned) => (versioned.authors_by_id ? versioned : null),
  },
  itemRead("CareersJob", "jobs", careersVersionReads.job),
  itemRead("EventDetail", "events", eventVersionReads.event),
  itemRead("Page", "pages", pageVersionRead),
  sectionRead,
  itemRead("DocsPage", "docs_pages", docsVersionReads.page),
];

/** The read that puts this item's version into this page query's data, if there is one. */
export const versionedReadOf = (query: string, collection: string): VersionedRead | undefined =>
  versionedReads.find((read) => read.query === query && read.collection === collection);

/** Collections whose items an editor can preview in a named version. */
export const versionedCollections: readonly string[] = [...new Set(versionedReads.map((read) => read.collection))];
