// The docs feature's public server-only module: what other features may use of it.
export { renderCodeBlock } from "./code-blocks.server";
export type { Highlighter } from "./code-blocks.server";
export { renderMarkdownCached } from "./render-cache.server";

/** Shiki, loaded only when a page has code to highlight. */
export const loadHighlighter = async (): Promise<import("./code-blocks.server").Highlighter> =>
  (await import("./highlight.server")).highlight;
