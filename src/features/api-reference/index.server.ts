// The api-reference feature's public server-only module: what other features may use of it.
export { overviewMarkdown } from "./page.server";
