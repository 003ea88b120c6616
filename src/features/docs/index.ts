// The docs feature's public module: what other features may use of it.
export { apiNavigationQuery, apiSearchDocuments, usableNavigation } from "./api-reference";
export { docsBodiesQuery, docsTreeQuery } from "./queries";
export { buildDocsTree } from "./tree";
export type { DocHeading } from "./types";
