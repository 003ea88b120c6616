// The search feature's public module: what other features may use of it.
export type { SearchDocument } from "./documents";
