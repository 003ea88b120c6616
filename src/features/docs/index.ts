// The docs feature's public module: what other features may use of it.
export {
  apiNavigationQuery,
  apiOperationHref,
  apiSearchDocuments,
  codeSamples,
  isApiVersionName,
  operationFile,
  usableNavigation,
} from "./api-reference";
export type { ApiOperation, ApiReference } from "./api-reference";
export { docsBodiesQuery, docsTreeQuery } from "./queries";
export { buildDocsTree } from "./tree";
export type { DocHeading } from "./types";
