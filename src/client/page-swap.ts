import { managedHeadSelector } from "../render/head-selector";
import { shownInPlaceAttribute } from "../views/navigation";
import { pathOf } from "./links";

/**
 * Before the app runs, on a phone: the pages of the first links in view are fetched ahead, and a
 * tap on one of them shows that page in place instead of loading a new document. The server's
 * HTML of the next page replaces the app root's content, the head's page elements and the page
 * state; history gets its URL, the window its top, focus the main content, as the app's router
 * does. A new document costs a phone most of a navigation even when its bytes are at hand (the
 * browser's commit, a new script context, style and first layout: docs/decisions/013).
 * Back and forward between pages shown this way show them again as they were left. Once the app
 * runs, its router does all of this with its own loaders, and these functions are no longer called.
 */

/** How long a page fetched ahead may be shown (Chromium keeps a prefetched document as long). */
const freshForMs = 5 * 60_000;

/** A page as the browser shows it: what the app root holds, the head's page elements, its state. */
interface Shown {
  nodes: Node[];
  head: Element[];
  state: string;
  scroll: number;
}

/** Pages fetched ahead, by path: parsed and checked (null while under way or when not showable). */
const fetched = new Map<string, { page: Shown; at: number } | null>();
/** Fetches under way, by path: a tap waits for its own and stops the others. */
const underWay = new Map<string, { stop: AbortController; done: Promise<Shown | null> }>();
/** Pages shown before, by path, for back and forward. */
const left = new Map<string, Shown>();
let shownPath = pathOf(window.location);

const appRoot = () => document.getElementById("app");
const stateElement = () => document.getElementById("__STATE__");

/** The module script and stylesheet of a document: a page of another build is not shown here. */
const buildOf = (doc: Document) =>
  [
    doc.querySelector('script[type="module"][src]')?.getAttribute("src"),
    doc.querySelector('link[rel="stylesheet"]')?.getAttribute("href"),
  ].join(" ");

/**
 * A fetched page that can be shown in place: HTML of this build, not redirected, with an app root
 * and a state. Not a page whose policy carries a nonce: it loads an outside script (a form's
 * Turnstile widget) that only its own document runs.
 */
async function showable(response: Response): Promise<Shown | null> {
  const policy = response.headers.get("Content-Security-Policy") ?? "";
  if (!response.ok || response.redirected || !response.headers.get("Content-Type")?.startsWith("text/html") || policy.includes("'nonce-"))
    return null;
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  // Parsed here without scripting, a <noscript>'s content became elements; the browser's own
  // parser, with scripting, keeps it as text (and React hydrates it so).
  for (const element of doc.querySelectorAll("noscript")) element.textContent = element.innerHTML;
  const root = doc.getElementById("app");
  const state = doc.getElementById("__STATE__")?.textContent;
  if (!root || !state || buildOf(doc) !== buildOf(document)) return null;
  return { nodes: [...root.childNodes], head: [...doc.head.querySelectorAll(managedHeadSelector)], state, scroll: 0 };
}

/**
 * Fetches the page `link` leads to (`url`) to show it in place if tapped, and marks the link
 * once it is at hand. `otherwise` runs when it cannot be shown that way (the browser can still be
 * asked to prefetch its document). False when the page is the one shown or was fetched already.
 */
export function fetchAhead(url: URL, link: HTMLAnchorElement, otherwise: () => void): boolean {
  const path = pathOf(url);
  if (fetched.get(path)) link.setAttribute(shownInPlaceAttribute, "");
  if (path === shownPath || fetched.has(path)) return false;
  fetched.set(path, null);
  const stop = new AbortController();
  const done = fetch(path, { credentials: "same-origin", headers: { Accept: "text/html" }, signal: stop.signal })
    .then(showable)
    .then((page) => {
      if (!page) {
        otherwise();
        return null;
      }
      fetched.set(path, { page, at: Date.now() });
      link.setAttribute(shownInPlaceAttribute, "");
      return page;
    })
    .catch(() => {
      // Stopped for a tap elsewhere (preferTapped forgot it already): nothing to do for this link now.
      if (stop.signal.aborted) return null;
      fetched.delete(path);
      otherwise();
      return null;
    })
    .finally(() => {
      if (underWay.get(path)?.stop === stop) underWay.delete(path);
    });
  underWay.set(path, { stop, done });
  return true;
}

/**
 * A finger came down on a link to `url`: its page gets the network. Every other page being
 * fetched ahead is stopped (fetched again later if it comes into view again); the tapped page's
 * own fetch, if under way, goes on.
 */
export function preferTapped(url: URL): void {
  const path = pathOf(url);
  for (const [other, { stop }] of underWay) {
    if (other === path) continue;
    stop.abort();
    underWay.delete(other);
    fetched.delete(other);
  }
}

function current(): Shown {
  return {
    nodes: [...appRoot()!.childNodes],
    head: [...document.head.querySelectorAll(managedHeadSelector)],
    state: stateElement()!.textContent ?? "",
    scroll: window.scrollY,
  };
}

function show(path: string, page: Shown): void {
  left.set(shownPath, current());
  for (const element of document.head.querySelectorAll(managedHeadSelector)) element.remove();
  const viewport = document.head.querySelector('meta[name="viewport"]');
  const before = viewport ? viewport.nextSibling : document.head.firstChild;
  for (const element of page.head) document.head.insertBefore(element, before);
  appRoot()!.replaceChildren(...page.nodes);
  resumeImages(page.nodes);
  stateElement()!.textContent = page.state;
  left.delete(path);
  shownPath = path;
  history.scrollRestoration = "manual";
}

let placingFocus = false;

/** Whether a focus event is this module putting focus on the page shown (not the visitor's doing). */
export const placingFocusNow = (): boolean => placingFocus;

/**
 * Shows the page at `url` in place if it was fetched ahead (and is fresh): true when it did, and
 * the click is answered. Counts a page view as a new document would.
 */
export function showFetched(url: URL): boolean {
  const path = pathOf(url);
  const entry = fetched.get(path);
  if (!entry || Date.now() - entry.at > freshForMs || !appRoot() || !stateElement()) return false;
  showPage(path, entry.page);
  return true;
}

/**
 * A tap on a link whose page is still being fetched ahead: that fetch is the quickest way to the
 * page (a new document would ask again), so it is awaited and the page shown in place; if it
 * cannot be shown, the document is loaded. False when no fetch of it is under way.
 */
export function showWhenFetched(
  url: URL,
  { shown, load, stillShowable }: { shown: () => void; load: () => void; stillShowable: () => boolean },
): boolean {
  const path = pathOf(url);
  const pending = underWay.get(path);
  if (!pending || !appRoot() || !stateElement()) return false;
  preferTapped(url);
  pauseLoadingImages();
  const from = shownPath;
  void pending.done.then((page) => {
    // The visitor went elsewhere meanwhile (back, another tap): this tap is over.
    if (shownPath !== from || pathOf(window.location) !== from) return;
    if (page && fetched.get(path) && stillShowable()) {
      showPage(path, page);
      shown();
    } else load();
  });
  return true;
}

/** Where an image whose download was stopped for a tap keeps its sources (for back to its page). */
const pausedSources = "data-paused-sources";

/**
 * The page's images still downloading stop, so the tapped page's bytes are not shared with them
 * (a new document would drop them too); a page left this way gets them back if shown again.
 */
function pauseLoadingImages(): void {
  for (const image of appRoot()!.querySelectorAll("img")) {
    if (image.complete) continue;
    image.setAttribute(pausedSources, JSON.stringify([image.getAttribute("srcset"), image.getAttribute("src")]));
    image.removeAttribute("srcset");
    image.removeAttribute("src");
  }
}

function resumeImages(nodes: readonly Node[]): void {
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    for (const image of node.querySelectorAll(`img[${pausedSources}]`)) {
      const [srcset, src] = JSON.parse(image.getAttribute(pausedSources)!) as [string | null, string | null];
      image.removeAttribute(pausedSources);
      if (srcset !== null) image.setAttribute("srcset", srcset);
      if (src !== null) image.setAttribute("src", src);
    }
  }
}

function showPage(path: string, page: Shown): void {
  fetched.delete(path);
  // Shown now: a link to it on the page left is the browser's again (if that page comes back).
  for (const link of appRoot()!.querySelectorAll<HTMLAnchorElement>(`a[${shownInPlaceAttribute}]`)) {
    if (pathOf(new URL(link.href)) === path) link.removeAttribute(shownInPlaceAttribute);
  }
  history.replaceState({ ...(history.state as object | null), scroll: window.scrollY }, "");
  show(path, page);
  history.pushState({ scroll: 0 }, "", path);
  window.scrollTo(0, 0);
  placingFocus = true;
  try {
    document.getElementById("content")?.focus({ preventScroll: true });
  } finally {
    placingFocus = false;
  }
  (window as { meridianAnalytics?: { pageview(): void } }).meridianAnalytics?.pageview();
}

/** Whether the page shown is the one of the window's location (a move within the page, by its hash). */
export const showingLocation = (): boolean => pathOf(window.location) === shownPath;

/**
 * Back or forward to a page shown in place before: shown again as it was left, at the scroll
 * position it was left at (kept with it: the history entry's own is that of the page's arrival).
 * False when the history entry is not one of them (the caller loads it).
 */
export function showAgain(): boolean {
  const path = pathOf(window.location);
  const page = left.get(path);
  if (!page) return false;
  show(path, page);
  window.scrollTo(0, page.scroll);
  return true;
}
