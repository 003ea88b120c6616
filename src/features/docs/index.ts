// The docs feature's public module: what other features may use of it.
export { apiOperationHref, codeSamples, isApiVersionName, operationFile } from "./api-reference";
export type { ApiOperation, ApiReference } from "./api-reference";
