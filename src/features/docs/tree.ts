/**
 * The documentation tree: sections in order, each with its pages nested by parent. Built from
 * two flat lists (one cached query), the same way on the server and in the browser, so the
 * sidebar, breadcrumbs and previous/next links agree everywhere.
 */

export interface DocsSectionRow {
  id: string;
  title: string | null;
  slug: string;
  description: string | null;
  icon: string | null;
  sort: number | null;
}

export interface DocsPageRow {
  id: string;
  title: string | null;
  slug: string;
  description: string | null;
  sort: number | null;
  section: { id: string } | null;
  parent: { id: string } | null;
}

export interface DocsNavPage {
  id: string;
  title: string;
  description: string;
  href: string;
  children: DocsNavPage[];
}

export interface DocsNavSection {
  id: string;
  title: string;
  description: string;
  icon: string | null;
  href: string;
  pages: DocsNavPage[];
}

/** A page in reading order with where it sits: its section and the pages above it. */
export interface DocsLocation {
  page: DocsNavPage;
  section: DocsNavSection;
  ancestors: DocsNavPage[];
}

export interface DocsTree {
  sections: DocsNavSection[];
  /** Every reachable page in reading order (section order, then depth first). */
  ordered: DocsLocation[];
}

/** How many parents a page may have; a longer or cyclic chain is cut (and logged). */
export const maxDocsDepth = 10;

export const docsPath = "/docs";

const bySortThenTitle = <T extends { sort: number | null; title: string | null }>(a: T, b: T) =>
  (a.sort ?? Number.MAX_SAFE_INTEGER) - (b.sort ?? Number.MAX_SAFE_INTEGER) || (a.title ?? "").localeCompare(b.title ?? "");

export function buildDocsTree(
  sectionRows: readonly DocsSectionRow[],
  pageRows: readonly DocsPageRow[],
  warn: (message: string) => void = (message) => console.warn(message),
): DocsTree {
  const pagesById = new Map(pageRows.map((row) => [row.id, row]));
  const childrenOf = new Map<string, DocsPageRow[]>();
  const topOf = new Map<string, DocsPageRow[]>();
  for (const row of pageRows) {
    const chain = parentChain(row, pagesById);
    if (chain === "cyclic" || chain === "too deep") {
      warn(`docs: page ${row.id} ("${row.slug}") left out of the tree: its parent chain is ${chain} (at most ${maxDocsDepth} parents)`);
      continue;
    }
    if (chain === "orphan") continue; // its parent is unpublished or gone: unreachable, like the parent
    const list = row.parent ? childrenOf : topOf;
    const key = row.parent ? row.parent.id : (row.section?.id ?? "");
    list.set(key, [...(list.get(key) ?? []), row]);
  }

  const ordered: DocsLocation[] = [];
  const sections = [...sectionRows].sort(bySortThenTitle).map((row): DocsNavSection => {
    const section: DocsNavSection = {
      id: row.id,
      title: row.title ?? row.slug,
      description: row.description ?? "",
      icon: row.icon,
      href: `${docsPath}/${encodeURIComponent(row.slug)}`,
      pages: [],
    };
    const build = (page: DocsPageRow, base: string, ancestors: DocsNavPage[]): DocsNavPage => {
      const node: DocsNavPage = {
        id: page.id,
        title: page.title ?? page.slug,
        description: page.description ?? "",
        href: `${base}/${encodeURIComponent(page.slug)}`,
        children: [],
      };
      ordered.push({ page: node, section, ancestors });
      node.children = [...(childrenOf.get(page.id) ?? [])]
        .sort(bySortThenTitle)
        .map((child) => build(child, node.href, [...ancestors, node]));
      return node;
    };
    section.pages = [...(topOf.get(row.id) ?? [])].sort(bySortThenTitle).map((page) => build(page, section.href, []));
    return section;
  });
  return { sections, ordered };
}

/** Follows a page's parents: fine, a cycle, too deep, or ending at a page not in the list. */
function parentChain(row: DocsPageRow, pagesById: Map<string, DocsPageRow>): "ok" | "cyclic" | "too deep" | "orphan" {
  const seen = new Set([row.id]);
  let current = row;
  for (let depth = 0; current.parent; depth++) {
    if (depth >= maxDocsDepth) return "too deep";
    const parent = pagesById.get(current.parent.id);
    if (!parent) return "orphan";
    if (seen.has(parent.id)) return "cyclic";
    seen.add(parent.id);
    current = parent;
  }
  return "ok";
}

/** The location of `/docs/<path>` (path without the prefix, decoded segments joined by "/"). */
export function findDocsPage(tree: DocsTree, path: string): DocsLocation | null {
  const href = `${docsPath}/${path.split("/").map(encodeURIComponent).join("/")}`;
  return tree.ordered.find((location) => location.page.href === href) ?? null;
}

export function findDocsSection(tree: DocsTree, slug: string): DocsNavSection | null {
  return tree.sections.find((section) => section.href === `${docsPath}/${encodeURIComponent(slug)}`) ?? null;
}

/** The pages before and after `location` in reading order. */
export function neighbours(tree: DocsTree, location: DocsLocation): { previous: DocsNavPage | null; next: DocsNavPage | null } {
  const index = tree.ordered.findIndex((entry) => entry.page.id === location.page.id);
  return { previous: tree.ordered[index - 1]?.page ?? null, next: tree.ordered[index + 1]?.page ?? null };
}

/** Up to this many pages the sidebar lists the whole tree; a larger one is cut to the reader's path. */
const sidebarFullTreeMax = 200;

/**
 * The sidebar's tree for a reader at `current`: the whole tree while it is small. A large one
 * (thousands of pages) would be megabytes of HTML and payload on every docs page, twice (phone
 * and desktop), so it keeps each section's top pages, and below them only the pages on the way
 * to the current page, their siblings and the current page's children.
 */
export function sidebarTree(
  tree: DocsTree,
  current: { sectionId: string; pageId: string | null; ancestorIds?: readonly string[] },
  max = sidebarFullTreeMax,
): DocsNavSection[] {
  if (tree.ordered.length <= max) return tree.sections;
  const open = new Set([...(current.ancestorIds ?? []), ...(current.pageId ? [current.pageId] : [])]);
  const prune = (pages: DocsNavPage[]): DocsNavPage[] =>
    pages.map((page) => ({ ...page, children: open.has(page.id) ? prune(page.children) : [] }));
  return tree.sections.map((section) => ({ ...section, pages: prune(section.pages) }));
}
