// The seeded content (cms/seed) as the worker's content sources read it: the docs pages', API
// reference's (every version) and changelog's search descriptors run over a fake content source
// answering their queries from the seed, so tests and the bench build passages through the same
// code the worker runs. Used by src/features/ask's tests and scripts/bench/ask-retrieval.mjs (test data: kept out of src/).
import { processApiDocument } from "../../cms/extensions/api-reference/process.mjs";
import { apiReferenceDocument, apiReferenceDocumentV1 } from "../../src/features/docs/cms/seed/api-reference.mjs";
import { changelogEntries } from "../../src/features/changelog/cms/seed.mjs";
import { docsPages, docsSections } from "../../src/features/docs/cms/seed/docs.mjs";
import { glossaryEntries } from "../../src/features/ask/cms/seed.mjs";
import type { ContentSource } from "../../src/content/operation";
import { ofSearchKind, type SearchDocument } from "../../src/features/search";
import { changelogContentType } from "../../src/features/changelog/content-type.server";
import { apiReferenceContentType, apiReferenceVersionsContentType } from "../../src/features/docs/api-reference/content-type.server";
import { docsPagesContentType } from "../../src/features/docs/content-type.server";

interface SeedPage {
  path: string;
  title: string;
  description?: string;
  status?: string;
  updated?: string;
  body: string;
}

const assetPath = "/assets/0b7f2c2e-1c4e-4a53-9d64-2f1a7c9b3e10";

/** The seed's published doc pages as Directus rows (ids are paths, parents by path). */
function seededDocsRows() {
  const pages = (docsPages as SeedPage[]).filter((page) => page.status !== "draft");
  const paths = new Set(pages.map((page) => page.path));
  return {
    docs_sections: (docsSections as { slug: string; title: string; description: string; icon: string }[]).map((section, i) => ({
      id: section.slug,
      title: section.title,
      slug: section.slug,
      description: section.description,
      icon: section.icon,
      sort: i + 1,
    })),
    docs_pages: pages.map((page, i) => {
      const segments = page.path.split("/");
      const parentPath = segments.slice(0, -1).join("/");
      return {
        id: page.path,
        title: page.title,
        slug: segments[segments.length - 1]!,
        description: page.description ?? null,
        sort: i + 1,
        date_updated: page.updated ? `${page.updated}T09:00:00.000Z` : null,
        section: { id: segments[0]! },
        parent: segments.length > 2 && paths.has(parentPath) ? { id: parentPath } : null,
        body: page.body.replace(/\{\{asset:[\w-]+\}\}/g, assetPath),
      };
    }),
  };
}

interface SeedEntry {
  slug: string;
  title: string;
  products: string[];
  daysAgo: number;
  status?: string;
  body: string;
}

const now = Date.parse("2026-12-01T09:00:00Z");

/** Answers by operation name, from the seed (a mock Directus can serve them); the other search sources read empty lists. */
export function seededAnswers(): Record<string, (variables: Record<string, unknown>) => unknown> {
  const docs = seededDocsRows();
  const v2 = processApiDocument(apiReferenceDocument) as { navigation: unknown };
  const v1 = processApiDocument(apiReferenceDocumentV1) as { navigation: unknown };
  return Object.fromEntries<(variables: Record<string, unknown>) => unknown>([
    ["DocsTree", () => ({ docs_sections: docs.docs_sections, docs_pages: docs.docs_pages.map(({ body: _body, ...row }) => row) })],
    [
      "DocsBodies",
      ({ ids }) => ({
        docs_pages: docs.docs_pages.filter((page) => (ids as string[]).includes(page.id)).map(({ id, body }) => ({ id, body })),
      }),
    ],
    ["ApiNavigation", () => ({ api_reference: { navigation: v2.navigation, version: "v2" } })],
    ["ApiVersions", () => ({ api_reference_versions: [{ version: "v1", navigation: v1.navigation }] })],
    [
      "SearchChangelog",
      () => ({
        changelog_entries: (changelogEntries as SeedEntry[])
          .filter((entry) => entry.daysAgo >= 0 && entry.status !== "draft")
          .map((entry) => ({
            slug: entry.slug,
            title: entry.title,
            products: entry.products,
            published_at: new Date(now - entry.daysAgo * 86_400_000).toISOString(),
            body: entry.body,
          })),
      }),
    ],
    ["AskGlossary", () => ({ docs_glossary: glossaryEntries.map(({ term, synonyms }) => ({ term, synonyms })) })],
    ["SearchPosts", () => ({ posts: [] })],
    ["SearchJobs", () => ({ jobs: [] })],
    ["SearchEvents", () => ({ events: [] })],
    ["SearchPages", () => ({ pages: [] })],
  ]);
}

/** A content source answering the reads of the docs, API reference and changelog search descriptors from the seed. */
function seededContent(): ContentSource {
  const answers = seededAnswers();
  return {
    async query(operation, variables) {
      const answer = answers[operation.name];
      if (!answer) throw new Error(`seeded content: no answer for ${operation.name}`);
      return answer((variables ?? {}) as Record<string, unknown>) as never;
    },
  };
}

/** Search documents of the seeded docs, API reference (v2 latest, v1 earlier) and changelog, as the worker builds them. */
export async function seededSearchDocuments(): Promise<SearchDocument[]> {
  const content = seededContent();
  const documents: SearchDocument[] = [];
  for (const type of [docsPagesContentType, changelogContentType, apiReferenceContentType, apiReferenceVersionsContentType]) {
    for await (const document of type.search!.documents(content)) {
      if (!ofSearchKind(document)) throw new Error(`seeded content: ${document.id} is of no search kind (${document.kind})`);
      documents.push(document);
    }
  }
  return documents;
}
