import type { DocsTreeQuery } from "../../content/generated/operations";
import { docsTreeQuery } from "./queries";
import type { ContentSource } from "../../content/operation";
import type { DocsLink, DocsNavigation } from "./navigation";
import { buildDocsTree, findDocsPage, findDocsSection, neighbours, sidebarTree, type DocsNavPage, type DocsTree } from "./tree";

// The content cache hands out the same result object until the docs change: the tree is built
// once per isolate and result, not per request (thousands of pages on a large site).
const trees = new WeakMap<object, DocsTree>();

const link = (page: DocsNavPage): DocsLink => ({ id: page.id, title: page.title, description: page.description, href: page.href });

function treeOf(result: DocsTreeQuery): DocsTree {
  let tree = trees.get(result);
  if (!tree) {
    tree = buildDocsTree(result.docs_sections, result.docs_pages);
    trees.set(result, tree);
  }
  return tree;
}

/** The published docs tree, built once per content result. */
export const docsTreeOf = async (content: ContentSource): Promise<DocsTree> => treeOf(await content.query(docsTreeQuery));

/**
 * Answers DocsNavigation (`path`: below /docs, decoded segments joined by "/"); null for an unknown
 * path. "" is a page of the docs outside the tree (the API reference): the sidebar, no section open.
 */
export async function resolveDocsNavigation(
  variables: Record<string, unknown>,
  { content }: { content: ContentSource },
): Promise<{ docsNavigation: DocsNavigation | null }> {
  const path = typeof variables.path === "string" ? variables.path : "";
  const result = await content.query(docsTreeQuery);
  const tree = treeOf(result);
  if (path === "") {
    const nav = sidebarTree(tree, { sectionId: "", pageId: null });
    return { docsNavigation: { nav, section: null, page: null, pageSection: null, ancestors: [], previous: null, next: null } };
  }
  if (!path.includes("/")) {
    const section = findDocsSection(tree, path);
    if (!section) return { docsNavigation: null };
    return {
      docsNavigation: {
        nav: sidebarTree(tree, { sectionId: section.id, pageId: null }),
        section: { ...section, pages: section.pages.map((page) => ({ ...page, children: [] })) },
        page: null,
        pageSection: null,
        ancestors: [],
        previous: null,
        next: null,
      },
    };
  }
  const location = findDocsPage(tree, path);
  if (!location) return { docsNavigation: null };
  const { previous, next } = neighbours(tree, location);
  const { pages: _pages, ...pageSection } = location.section;
  return {
    docsNavigation: {
      nav: sidebarTree(tree, {
        sectionId: location.section.id,
        pageId: location.page.id,
        ancestorIds: location.ancestors.map((ancestor) => ancestor.id),
      }),
      section: null,
      page: { ...link(location.page), updatedAt: result.docs_pages.find((row) => row.id === location.page.id)?.date_updated ?? null },
      pageSection,
      ancestors: location.ancestors.map(link),
      previous: previous ? link(previous) : null,
      next: next ? link(next) : null,
    },
  };
}
