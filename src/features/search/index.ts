// The search feature's public module: what other features may use of it.
export type { AskPanelProps } from "./views/ask-slot";
export type { SearchDocument } from "./documents";
export { docSections, htmlHeadings, htmlToText, markdownText, ofSearchKind } from "./documents";
export { maxLimit, maxQueryLength, normalizeQuery } from "./engine";
export type { SearchResult } from "./engine";
export { siteSearchQuery } from "./operation";
export { analyticsQuery } from "./analytics/query";
export { HeaderSearch } from "./views/HeaderSearch";
