// The changelog feature's public module: what other features may use of it.
export { changesFor } from "./entries";
export { changelogEntryHref, changelogFeedPath, changelogPath } from "./paths";
export type { ChangelogLink } from "./entries";
export { changelogLinksQuery } from "./queries";
export { ChangesLinks } from "./views/ChangesLinks";
export { changelogKinds, productFacets, reshapeChangelogEntry } from "./entries";
export type { ChangelogEntry } from "./entries";
export { changelogEntriesQuery } from "./queries";
export { apiBreakingChangesQuery } from "./api-changes";
export type { ApiVersionChanges } from "./api-changes";
