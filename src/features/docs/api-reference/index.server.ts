// The API reference's public server-only module within the docs feature.
export { overviewMarkdown } from "./page.server";
