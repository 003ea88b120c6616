/**
 * Bump when the HTML for the same Markdown changes (markup, classes, highlighting, theme): it is
 * part of the render cache key. Apart from markdown.server.ts so that reading the cache does not
 * load markdown-it.
 */
export const rendererVersion = "docs-md-3";
