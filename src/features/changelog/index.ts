// The changelog feature's public module: what other features may use of it.
export { changesFor } from "./entries";
export type { ChangelogLink } from "./entries";
export { changelogLinksQuery } from "./queries";
export { ChangesLinks } from "./views/ChangesLinks";
