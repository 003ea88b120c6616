import type { Operation } from "./operation";
import { blogVersionReads } from "./queries/blog";
import { careersVersionReads } from "./queries/careers";
import { docsVersionReads } from "./queries/docs";
import { eventVersionReads } from "./queries/events";
import { pageVersionRead } from "./queries/pages";

/** A Directus content version an editor previews: one item's named version (`key`). */
export interface PreviewVersion {
  collection: string;
  id: string;
  key: string;
}

/**
 * How a detail page's query reads its item from a content version. Directus has versions on
 * `<collection>_by_id(id, version)` only, not on lists, so a query by slug first finds the item
 * (its id) in the main version, then this read replaces it with the named version's content.
 */
interface VersionedRead {
  collection: string;
  /** The item's id, from the variables or the main read's data; null when there is none. */
  id(variables: Record<string, unknown>, data: any): string | null;
  operation: Operation<any, any>;
  /** The main read's data with the version's item in its place; null when the version has none. */
  merge(data: any, versioned: any): unknown;
}

const idOf = (value: unknown): string | null => (value === undefined || value === null ? null : String(value));

/** By the name of the page query they stand in for (server only: preview never caches). */
export const versionedReads: Readonly<Record<string, VersionedRead>> = {
  BlogPost: {
    collection: "posts",
    id: (_, data) => idOf(data?.posts?.[0]?.id),
    operation: blogVersionReads.post,
    merge: (data, versioned) => (versioned.posts_by_id ? { ...data, posts: [versioned.posts_by_id] } : null),
  },
  BlogAuthor: {
    collection: "authors",
    id: (variables, data) => (data?.authors_by_id ? idOf(variables.id) : null),
    operation: blogVersionReads.author,
    merge: (_, versioned) => (versioned.authors_by_id ? versioned : null),
  },
  CareersJob: {
    collection: "jobs",
    id: (_, data) => idOf(data?.jobs?.[0]?.id),
    operation: careersVersionReads.job,
    merge: (data, versioned) => (versioned.jobs_by_id ? { ...data, jobs: [versioned.jobs_by_id] } : null),
  },
  EventDetail: {
    collection: "events",
    id: (_, data) => idOf(data?.events?.[0]?.id),
    operation: eventVersionReads.event,
    merge: (data, versioned) => (versioned.events_by_id ? { ...data, events: [versioned.events_by_id] } : null),
  },
  Page: {
    collection: "pages",
    id: (_, data) => idOf(data?.pages?.[0]?.id),
    operation: pageVersionRead,
    merge: (data, versioned) => (versioned.pages_by_id ? { ...data, pages: [versioned.pages_by_id] } : null),
  },
  DocsPage: {
    collection: "docs_pages",
    id: (_, data) => idOf(data?.docs_pages?.[0]?.id),
    operation: docsVersionReads.page,
    merge: (data, versioned) => (versioned.docs_pages_by_id ? { ...data, docs_pages: [versioned.docs_pages_by_id] } : null),
  },
};

/** Collections whose items an editor can preview in a named version. */
export const versionedCollections: readonly string[] = Object.values(versionedReads).map((read) => read.collection);
