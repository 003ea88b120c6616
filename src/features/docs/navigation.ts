import { defineOperation } from "../../content/operation";
import type { DocsNavPage, DocsNavSection } from "./tree";

/** A page as a link: title, summary and address, nothing below it. */
export type DocsLink = Omit<DocsNavPage, "children">;

/**
 * Where a docs path sits, with only what its page shows: the sidebar cut to the reader's path
 * (tree.ts's sidebarTree), the breadcrumb's ancestors, the previous and next pages. Answered by
 * the worker from the cached docs tree (navigation.server.ts), so a page's payload carries this
 * and not the whole tree (thousands of rows on a large site).
 */
export interface DocsNavigation {
  nav: DocsNavSection[];
  /** `/docs/<section>`: the section with its top pages. */
  section: DocsNavSection | null;
  /** `/docs/<section>/<page>…`: the page, its section (without pages) and the pages above it. */
  page: (DocsLink & { updatedAt: string | null }) | null;
  pageSection: Omit<DocsNavSection, "pages"> | null;
  ancestors: DocsLink[];
  previous: DocsLink | null;
  next: DocsLink | null;
}

export const docsNavigationQuery = defineOperation<{ docsNavigation: DocsNavigation | null }, { path: string }>(
  "query DocsNavigation($path: String!) { docsNavigation }",
);
