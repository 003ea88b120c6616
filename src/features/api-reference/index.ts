// The api-reference feature's public module: what other features may use of it.
export { operationFile, overviewFile, tagFile } from "./markdown";
export { apiNavigationQuery, apiReferenceQuery } from "./queries";
export { apiSearchDocuments } from "./search";
export { apiOperationHref, apiReferencePath, apiTagHref, usableNavigation, usableReference } from "./types";
export type { ApiNavigation } from "./types";
export { MethodBadge } from "./views/MethodBadge";
