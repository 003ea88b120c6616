// The docs feature's public module: what other features may use of it.
export { docsNavigationQuery } from "./navigation";
export { docsBodiesQuery, docsTreeQuery } from "./queries";
export { slugify } from "./slug";
export { buildDocsTree, docsPath } from "./tree";
export type { DocsNavSection } from "./tree";
export type { DocHeading } from "./types";
export { Disclosure } from "./views/Disclosure";
export { DocsSidebar } from "./views/DocsSidebar";
export { DocsToc } from "./views/DocsToc";
export { useDocBehaviours } from "./views/useDocBehaviours";
