// The docs feature's public server-only module: what other features may use of it on the worker.
export { docsMarkdown } from "./routes/files.server";
export { loadApiReferenceVersion, loadApiVersions } from "./api-reference/index.server";
