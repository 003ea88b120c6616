import { bodyAssetTags, headAssetTags } from "./asset-tags";
import { consentStateTag } from "./consent-state";
import { escapeHtml } from "../lib/html-text";
import { nonceAttribute, serializePayloadForScript } from "./serialize";
import { managedHeadTags, type HeadContext } from "./head";
import type { PageMeta } from "../router/meta";
import type { PagePayload } from "./payload";
import { speculationRulesTag } from "./speculation-rules";

export interface DocumentContext extends HeadContext {
  meta: PageMeta;
  /** The request's CSP nonce, or "" when the page's policy trusts by hash (no nonce attributes). */
  nonce: string;
  /** Let the browser fetch the next page on intent (not in an editor's preview). */
  prefetch: boolean;
  /** The RSS feeds every page announces (the app names them: a feed is a feature's). */
  feeds: readonly Feed[];
}

interface Feed {
  title: string;
  href: string;
}

/** `<!doctype html>` through the opening of the React root: flushed before rendering starts. */
export function documentStart({ meta, prefetch, feeds, ...context }: DocumentContext): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    // Before any stylesheet, which a script would wait for: `<html>` is marked before the body is drawn.
    consentStateTag(context.nonce) +
    managedHeadTags(meta, context) +
    `<meta name="theme-color" content="#ffffff">` +
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">` +
    feeds
      .map((feed) => `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.href)}">`)
      .join("") +
    headAssetTags(context.nonce) +
    (prefetch ? speculationRulesTag(context.nonce) : "") +
    `</head><body><div id="app">`
  );
}

/** Closes the React root, then the page payload for hydration and the client bundle. */
export function documentEnd(payload: PagePayload, nonce: string): string {
  return (
    `</div><script id="__STATE__" type="application/json"${nonceAttribute(nonce)}>${serializePayloadForScript(payload)}</script>` +
    bodyAssetTags(nonce) +
    `</body></html>`
  );
}
