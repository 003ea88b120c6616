import { managedHeadSelector } from "../render/head-selector";
import { shownInPlaceAttribute } from "../ui/navigation";
import { countPageView } from "../features/consent/boot";
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
 *
 * A tap's page comes first. From the finger coming down on a link until its page is shown (or the
 * browser loads it, or the finger moves on: a scroll, a long press), the other pages being fetched
 * stop, new fetches ahead wait, and so does what asked to wait for it (the app's start: its 80 kB
 * would share a phone's thin link and main thread with the tapped page, and a page shown while
 * it downloads is the one it hydrates); from the click, the page's images still downloading stop
 * too.
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
/** Fetches under way, by path: a tap waits for its own and stops the others (`again` starts one anew). */
const underWay = new Map<string, { stop: AbortController; done: Promise<Shown | null>; again: () => void }>();
/** Links to a page under way or at hand, by path: marked, so the page's speculation rules leave them alone. */
const marked = new Map<string, Set<HTMLAnchorElement>>();
/** Pages shown before, by path, for back and forward. */
const left = new Map<string, Shown>();
let shownPath = pathOf(window.location);

/**
 * The tap in progress: the page a finger came down on, whether it was clicked, the fetches ahead
 * waiting for it to be over (dropped once a page is shown) and what else waits (run once it is
 * shown or the finger moved on; never if the browser loads a document: this one is leaving).
 */
let tap: { path: string; clicked: boolean; held: (() => void)[]; after: (() => void)[] } | null = null;

const appRoot = () => document.getElementById("app");
const stateElement = () => document.getElementById("__STATE__");

/**
 * Marks a link whose page is under way (empty) or at hand ("at-hand"): the page's rules match the
 * attribute whatever its value, and the value tells anyone looking (a test, a developer) which.
 */
function markLink(path: string, link: HTMLAnchorElement): void {
  link.setAttribute(shownInPlaceAttribute, fetched.get(path) ? "at-hand" : "");
  marked.set(path, (marked.get(path) ?? new Set()).add(link));
}

/** The page of `path` arrived: its links say so. */
function markAtHand(path: string): void {
  for (const link of marked.get(path) ?? []) link.setAttribute(shownInPlaceAttribute, "at-hand");
}

/** The links to `path` are the browser's again (its rules may prefetch their document). */
function unmark(path: string): void {
  for (const link of marked.get(path) ?? []) link.removeAttribute(shownInPlaceAttribute);
  marked.delete(path);
}

/** The module script and stylesheet of a document: a page of another build is not shown here. */
const buildOf = (doc: Document) =>
  [
    doc.querySelector('script[type="module"][src]')?.getAttribute("src"),
    doc.querySelector('link[rel="stylesheet"]')?.getAttribute("href"),
  ].join(" ");

/**
 * A fetched page that can be shown in place: HTML of this build, not redirected, with an app root
 * and a state. Not a page whose policy carries a nonce: it loads an outside script (a form's
 * Turnstile widget) that only its own document runs. Headers that say no stop the body at once
 * (a tap waiting for it then loads the document sooner).
 */
async function showable(response: Response): Promise<Shown | null> {
  const policy = response.headers.get("Content-Security-Policy") ?? "";
  if (!response.ok || response.redirected || !response.headers.get("Content-Type")?.startsWith("text/html") || policy.includes("'nonce-")) {
    void response.body?.cancel();
    return null;
  }
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
 * Fetches the page `link` leads to (`url`) to show it in place if tapped; the link is marked from
 * the start, so the page's speculation rules do not fetch its document as well. `otherwise` runs
 * when it cannot be shown that way (the browser can still be asked to prefetch its document).
 * During a tap on another link it waits for the tap to be over. False when the page is the one
 * shown or was fetched already.
 */
export function fetchAhead(url: URL, link: HTMLAnchorElement, otherwise: () => void): boolean {
  const path = pathOf(url);
  if (fetched.get(path) || underWay.has(path)) markLink(path, link);
  if (path === shownPath || fetched.has(path)) return false;
  if (tap && tap.path !== path) {
    tap.held.push(() => fetchAhead(url, link, otherwise));
    return true;
  }
  fetched.set(path, null);
  markLink(path, link);
  const stop = new AbortController();
  const done = fetch(path, { credentials: "same-origin", headers: { Accept: "text/html" }, signal: stop.signal })
    .then(showable)
    .then((page) => {
      if (page) {
        fetched.set(path, { page, at: Date.now() });
        markAtHand(path);
      }
      return page;
    })
    .catch(() => {
      // Stopped for a tap elsewhere: forgotten already, fetched again if the finger moves on.
      if (!stop.signal.aborted) fetched.delete(path);
      return null;
    })
    .then((page) => {
      if (underWay.get(path)?.stop === stop) underWay.delete(path);
      if (!page && !stop.signal.aborted) {
        unmark(path);
        otherwise();
      }
      return page;
    });
  underWay.set(path, { stop, done, again: () => fetchAhead(url, link, otherwise) });
  return true;
}

/**
 * A finger came down on a link to `url` (or a click came without one): its page gets the network.
 * Every other page being fetched ahead stops (fetched again if the finger moves on), and no other
 * starts until the tap is over; the tapped page's own fetch, if under way, goes on.
 */
export function preferTapped(url: URL): void {
  const path = pathOf(url);
  const { held = [], after = [] } = tap ?? {};
  tap = { path, clicked: false, held, after };
  for (const [other, { stop, again }] of underWay) {
    if (other === path) continue;
    stop.abort();
    underWay.delete(other);
    fetched.delete(other);
    unmark(other);
    held.push(again);
  }
}

/** Runs `then` once no tap is in progress (true), or false at once when none is. */
export function deferredForTap(then: () => void): boolean {
  tap?.after.push(then);
  return tap !== null;
}

/** Ends the tap in progress: what waited for it runs once the page shown has painted; the held fetches too unless a page was shown. */
function endTap(shown: boolean): void {
  if (!tap) return;
  const { held, after } = tap;
  tap = null;
  const waited = shown ? after : [...held, ...after];
  if (waited.length)
    requestAnimationFrame(() =>
      setTimeout(() => {
        for (const then of waited) then();
      }),
    );
}

/**
 * The finger moved on without a tap (a scroll, a long press), or the page came back from the
 * back-forward cache (`evenIfClicked`: the document it loaded was left): the page goes on as
 * before, its images and its fetches ahead included.
 */
export function fingerMovedOn(evenIfClicked = false): void {
  if (!tap || (tap.clicked && !evenIfClicked)) return;
  resumeImages([appRoot()!]);
  endTap(false);
}

/** A finger lifted: a tap that has not become a click soon after (dragged off the link) is over. */
export function fingerUp(): void {
  const lifted = tap;
  setTimeout(() => tap === lifted && fingerMovedOn(), 1000);
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
  const leaving = current();
  left.set(shownPath, leaving);
  for (const element of document.head.querySelectorAll(managedHeadSelector)) element.remove();
  const viewport = document.head.querySelector('meta[name="viewport"]');
  const before = viewport ? viewport.nextSibling : document.head.firstChild;
  for (const element of page.head) document.head.insertBefore(element, before);
  appRoot()!.replaceChildren(...page.nodes);
  // The page left stops downloading its images (out of the document: no style or layout work).
  pauseLoadingImages(leaving.nodes);
  resumeImages(page.nodes);
  stateElement()!.textContent = page.state;
  left.delete(path);
  shownPath = path;
  history.scrollRestoration = "manual";
  endTap(true);
}

let placingFocus = false;

/** Whether a focus event is this module putting focus on the page shown (not the visitor's doing). */
export const placingFocusNow = (): boolean => placingFocus;

/**
 * A click on a link to the page at `url`. Shown in place at once if it was fetched ahead (and is
 * fresh); if its fetch is still under way, that fetch is the quickest way to the page (a new
 * document would ask again), so it is awaited and the page shown in place, or `load`ed as a
 * document if it cannot be. True when the click is answered so (`shown` runs once the page is);
 * false when it is the browser's to follow. Unless it is shown at once, the page's images still
 * downloading stop, so the next page does not share the link with them (a new document would
 * drop them too); a page left stops its own as well, and gets them back if shown again.
 */
export function follow(url: URL, { shown, load }: { shown: () => void; load: () => void }): boolean {
  const path = pathOf(url);
  if (tap?.path !== path) preferTapped(url);
  const thisTap = tap!;
  thisTap.clicked = true;
  const root = appRoot();
  if (!root || !stateElement()) return false;
  const entry = fetched.get(path);
  if (entry && Date.now() - entry.at <= freshForMs) {
    showPage(path, entry.page);
    shown();
    return true;
  }
  pauseLoadingImages([root]);
  const pending = underWay.get(path);
  if (!pending) return false;
  const from = shownPath;
  void pending.done.then((page) => {
    // The visitor went elsewhere meanwhile (back, another tap): this tap is over.
    if (tap !== thisTap || shownPath !== from || pathOf(window.location) !== from) return;
    if (page && fetched.get(path)) {
      showPage(path, page);
      shown();
    } else load();
  });
  return true;
}

/** Where an image whose download was stopped for a tap keeps its sources (for back to its page). */
const pausedSources = "data-paused-sources";

function pauseLoadingImages(nodes: readonly Node[]): void {
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    for (const image of node.querySelectorAll("img")) {
      if (image.complete) continue;
      image.setAttribute(pausedSources, JSON.stringify([image.getAttribute("srcset"), image.getAttribute("src")]));
      image.removeAttribute("srcset");
      image.removeAttribute("src");
    }
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
  unmark(path);
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
  countPageView();
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
