import { matchRoute } from "../app/table";
import { workerOnlyPrefixes } from "../router/worker-only";

/**
 * Which clicks become in-app navigations (spec section 2): a same-origin link with no hash
 * that does not open in a new tab or download, found by climbing at most 10 ancestors of the
 * clicked element. The query string is kept.
 */
const maxLinkAncestors = 10;

/** A page's address within the site: its path and query (what a navigation and the router key by). */
export const pathOf = (url: URL | Location): string => url.pathname + url.search;

/** The clicked element itself, then at most `maxLinkAncestors` ancestors. */
export function findLink(target: EventTarget | null): HTMLAnchorElement | null {
  let node = target instanceof Node ? (target instanceof Element ? target : target.parentElement) : null;
  for (let depth = 0; node && depth <= maxLinkAncestors; depth += 1) {
    if (node instanceof HTMLAnchorElement && node.hasAttribute("href")) return node;
    node = node.parentElement;
  }
  return null;
}

export interface ClickFacts {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/** The URL to navigate to in the app, or null when the browser should handle the click. */
export function inAppTarget(event: ClickFacts, link: HTMLAnchorElement, current: Location | URL): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = link.getAttribute("target");
  if (target && target !== "_self") return null;
  if (link.hasAttribute("download") || /\bexternal\b/.test(link.rel)) return null;
  const url = new URL(link.href, current.href);
  if (url.origin !== current.origin) return null;
  if (link.getAttribute("href")!.includes("#") || url.hash) return null;
  return url;
}

/** A plain left click: the facts for a link the visitor has not clicked yet. */
export const plainClick: ClickFacts = {
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
};

/**
 * The URL of a link worth loading before it is clicked: one a plain click would navigate to in
 * the app, to a page of the route table (not one of the worker's own paths, a feed or a file).
 */
export function loadAheadTarget(link: HTMLAnchorElement, current: Location | URL): URL | null {
  const url = inAppTarget(plainClick, link, current);
  if (!url || workerOnlyPrefixes.some((prefix) => url.pathname.startsWith(prefix))) return null;
  return matchRoute(url.pathname) ? url : null;
}
