// The API reference's public server-only module within the docs feature.
export { overviewMarkdown } from "./page.server";
export { loadApiReferenceVersion, loadApiVersions } from "./load.server";
export { samePageIn } from "./versions";
