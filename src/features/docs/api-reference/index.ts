// The API reference's public module within the docs feature: what the rest of docs uses of it.
export { operationFile, overviewFile, tagFile } from "./markdown";
export { apiNavigationQuery, apiReferenceQuery } from "./queries";
export { codeSamples } from "./samples";
export {
  apiOperationHref,
  apiReferencePath,
  apiTagHref,
  apiVersionRoot,
  isApiVersionName,
  usableNavigation,
  usableReference,
} from "./types";
export type { ApiNavigation, ApiOperation, ApiReference } from "./types";
export { MethodBadge } from "./views/MethodBadge";
