/// <reference types="vite/client" />
import type { PagePayload } from "../render/payload";
import { loadAnalytics } from "../features/consent/boot";
import { isSearchShortcut } from "../features/search/boot";
import { loadRoute, type RouteId } from "../app/table";
import { findLink, inAppTarget, loadAheadTarget, pathOf, plainClick } from "./links";
import {
  deferredForTap,
  fetchAhead,
  fingerMovedOn,
  fingerUp,
  follow,
  placingFocusNow,
  preferTapped,
  showAgain,
  showingLocation,
} from "./page-swap";
import { preloadVisibleLinks } from "./visible-links";
import { interactions, markInteracted, savingData, whenIdle } from "../ui/when";

/**
 * The one script every page loads first (6.5 kB gzip). The server's HTML is the whole page and
 * works without JavaScript (links, forms, disclosures), so React and the page's code (about
 * 80 kB gzip, React alone 68 kB) load at the visitor's first sign of use instead of on
 * arrival: a pointer moving or pressed, a key, a touch, focus, the wheel or a scroll (on a touch
 * screen: a key, focus, or a few seconds of reading). Editors'
 * previews and the dev server hydrate at once (docs/decisions/012).
 *
 * Until the app runs, a link is the browser's: a click on it is a plain navigation (never slower
 * than one: holding it for 90 kB of app code cost a new visitor up to twice as long), which the
 * page's speculation rules start on hover or finger down. On a phone the pages of the first links
 * in view are fetched at once, and a tap on one shows it in place (`page-swap.ts`); a tapped page
 * comes first: other fetches stop or wait, and the app's start and hydration wait until it is
 * shown. A finger or pointer coming down on a link does not start the app either, since the
 * visitor is leaving. A
 * button click and a search shortcut, which only the app can answer, are held and replayed once
 * it runs; if the app fails to load, the click is replayed all the same and the browser does
 * what the HTML says.
 */

const isTouchScreen = (): boolean => window.matchMedia("(pointer: coarse)").matches;

/**
 * What starts the app. With a mouse: any sign of use. On a touch screen a finger down, a scroll or
 * a tap on a link is reading or leaving, and 90 kB of app code loading then would compete with
 * the next page for a phone's thin link: there a key, focus, or a tap on a button the app answers
 * (held below) starts it, and so does reading (below).
 */
const intentEvents = (): readonly string[] => (isTouchScreen() ? ["keydown", "focusin"] : [...interactions, "pointermove", "scroll"]);

/**
 * How long a visitor on a touch screen has stayed on a loaded page (or on a page shown in place)
 * before the app starts anyway:
 * long enough that a tap straight after arrival is a plain navigation with the link to itself,
 * short enough that a reader's next tap finds the app running and the visible links' pages
 * loaded (a client navigation then takes about half a plain one: docs/decisions/013).
 */
const readingMs = 2000;

/** Runs `then` once the page has loaded, `readingMs` passed and the browser is idle. */
function whenReading(then: () => void): void {
  const wait = () => setTimeout(() => whenIdle(then, readingMs), readingMs);
  if (document.readyState === "complete") wait();
  else window.addEventListener("load", wait, { once: true });
}

/**
 * How many pages a phone fetches ahead before the app runs: those of the first in-app links of
 * the main content that come into view (a tap straight after arrival then finds its page at
 * hand). Few, since they share a thin link with the page's own images.
 */
const pagesFetchedInView = 3;

/** The speculation rules added for links in view, by path: a tap elsewhere removes them (which cancels their prefetch). */
const documentPrefetches = new Map<string, HTMLScriptElement>();

/**
 * A finger down on a link to another page: that page gets the network first. Pages being fetched
 * ahead for other links stop, and so do documents being prefetched for them; a page link of the
 * main content whose page is not on its way yet is fetched now (before the browser's own
 * prefetch would fetch its document: its link is marked at once).
 */
function preferTappedLink(event: Event): void {
  if (hydrating) return;
  const link = findLink(event.target);
  const url = link && !link.hasAttribute("data-needs-app") && loadAheadTarget(link, window.location);
  if (!url) return;
  preferTapped(url);
  const path = pathOf(url);
  for (const [other, rules] of documentPrefetches) {
    if (other === path) continue;
    rules.remove();
    documentPrefetches.delete(other);
  }
  if (link.closest("main")) fetchPageOf(link);
}

/** Fetches ahead the page a link of the main content leads to (`page-swap.ts`), or has its document prefetched if it cannot be shown in place. */
function fetchPageOf(link: HTMLAnchorElement): boolean {
  const url = loadAheadTarget(link, window.location);
  // Another page than this one (its query variants included: the list's own filters).
  if (!url || url.pathname === window.location.pathname) return false;
  return fetchAhead(url, link, () => {
    const rules = document.createElement("script");
    rules.type = "speculationrules";
    if (pageRulesNonce) rules.nonce = pageRulesNonce;
    rules.textContent = JSON.stringify({ prefetch: [{ source: "list", urls: [pathOf(url)] }] });
    document.head.appendChild(rules);
    documentPrefetches.set(pathOf(url), rules);
  });
}

/** The nonce of the page's own rules, when its policy has one (rules added carry it). */
let pageRulesNonce = "";

/**
 * Fetches the pages of the first page links that come into view, to show in place if tapped
 * (`page-swap.ts`). One that cannot be shown that way has its document prefetched by the browser
 * instead, through speculation rules of its own (a list rule: fetched at once), which carry the
 * nonce of the page's own rules when its policy has one; under a policy of hashes, rules this
 * trusted script adds run by 'strict-dynamic' (decision 021). An editor's preview has no rules,
 * and gets none. The router's own watcher replaces this one once the app runs.
 */
function fetchPagesInView(): void {
  const pageRules = document.querySelector<HTMLScriptElement>('script[type="speculationrules"]');
  if (!pageRules) return;
  pageRulesNonce = pageRules.nonce ?? "";
  // At once: the fetch is off the main thread.
  preloadVisibleLinks(document.querySelector("main"), fetchPageOf, { limit: pagesFetchedInView, idle: false });
}

let started = false;
/** The app hydrates the page shown (from then on no page is shown in place). */
let hydrating = false;
/** Pages fetched ahead and shown in place (a phone not saving data, not in a preview). */
let swapping = false;
/** What follows a page shown in place: its own links in view fetched, its reading. */
let afterShown = fetchPagesInView;
let running = false;
let heldClick: HTMLElement | null = null;
let heldKey: { target: EventTarget; init: KeyboardEventInit } | null = null;

let parsed: { text: string; payload: PagePayload<RouteId> } | null = null;

/** The state of the page shown (a page shown in place brought its own), parsed once. */
function readPayload(element: HTMLElement): PagePayload<RouteId> {
  const text = element.textContent ?? "null";
  if (parsed?.text !== text) parsed = { text, payload: JSON.parse(text) as PagePayload<RouteId> };
  return parsed.payload;
}

/**
 * Loads the app once and hydrates the page shown once it has loaded; then replays what was held.
 * Not while a tapped page is on its way (it gets the network and the main thread first); a page
 * tapped while the app's code downloads is still shown in place, and the app then hydrates that.
 */
function start(payloadElement: HTMLElement, root: HTMLElement): void {
  if (started || deferredForTap(() => start(payloadElement, root))) return;
  started = true;
  const { route } = readPayload(payloadElement);
  document.documentElement.dataset.hydrated = "starting";
  const app = import("./hydrate");
  // The route's code loads beside the app's rather than after it (one round trip less), asked
  // for in a task of its own: each file asked for (a module and the links that preload its
  // imports) costs a phone's main thread about a millisecond, and a route has twenty.
  if (route) setTimeout(() => void loadRoute(route).catch(() => {}), 0);
  app
    .then((app) => new Promise<typeof app>((loaded) => deferredForTap(() => loaded(app)) || loaded(app)))
    .then((app) => {
      hydrating = true;
      return app.hydrate(readPayload(payloadElement), root);
    })
    .catch((error) => console.warn("the page's scripts did not load:", error))
    .finally(() => {
      running = true;
      replay();
    });
}

function replay(): void {
  const click = heldClick;
  const key = heldKey;
  heldClick = null;
  heldKey = null;
  if (click?.isConnected) click.click();
  if (key) key.target.dispatchEvent(new KeyboardEvent("keydown", { ...key.init, bubbles: true, cancelable: true }));
}

/**
 * A click only the app can answer: a button outside any link, or a link the app answers in place
 * (`data-needs-app`: the search icon opens the search dialog rather than the search page).
 */
function heldTarget(event: MouseEvent): HTMLElement | null {
  const link = findLink(event.target);
  if (link) return link.hasAttribute("data-needs-app") ? link : null;
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  return button instanceof HTMLButtonElement && !button.disabled ? button : null;
}

/**
 * A click on a page link before the app runs, on a phone: its page shown in place if fetched ahead,
 * or when its fetch arrives (a new document would fetch it again); else the browser's navigation,
 * with the network to itself (`page-swap.ts`).
 */
function showInPlace(event: MouseEvent, shown: () => void): boolean {
  const link = findLink(event.target);
  const url =
    link && !link.hasAttribute("data-needs-app") && inAppTarget(event, link, window.location) && loadAheadTarget(link, window.location);
  return !!url && follow(url, { shown, load: () => window.location.assign(url.href) });
}

/**
 * A pointer or finger coming down on a link to another page of the site, or the focus it gives
 * that link: the visitor is leaving.
 */
function leavingBy(event: Event): boolean {
  if (event.type !== "pointerdown" && event.type !== "touchstart" && event.type !== "focusin") return false;
  const link = findLink(event.target);
  if (!link || link.hasAttribute("data-needs-app")) return false;
  const pointer = event instanceof MouseEvent ? event : null;
  const facts = pointer
    ? {
        ...plainClick,
        button: pointer.button,
        metaKey: pointer.metaKey,
        ctrlKey: pointer.ctrlKey,
        shiftKey: pointer.shiftKey,
        altKey: pointer.altKey,
      }
    : plainClick;
  return inAppTarget(facts, link, window.location) !== null;
}

function boot(): void {
  const payloadElement = document.getElementById("__STATE__");
  const root = document.getElementById("app");
  if (!payloadElement || !root) return;
  const payload = readPayload(payloadElement);
  // Not in an editor's preview or the dev server: the app runs there at once.
  swapping = !import.meta.env.DEV && !payload.site.preview && isTouchScreen() && !savingData();
  // Analytics for a visitor who allowed them (the consent island itself loads later), as the
  // head's first script read the choice from the cookie (src/render/consent-state.ts).
  if (document.documentElement.dataset.consent === "all") loadAnalytics();

  window.addEventListener(
    "click",
    (event) => {
      if (running) return;
      // The page shown in place (at once, or when its fetch arrives): then its own links in view.
      if (!hydrating && swapping && showInPlace(event, afterShown)) {
        event.preventDefault();
        return;
      }
      const target = heldTarget(event);
      if (!target) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      heldClick = target;
      start(payloadElement, root);
    },
    true,
  );
  window.addEventListener(
    "keydown",
    (event) => {
      if (running || !isSearchShortcut(event)) return;
      event.preventDefault();
      const { key, code, metaKey, ctrlKey, shiftKey, altKey } = event;
      heldKey = { target: event.target ?? document, init: { key, code, metaKey, ctrlKey, shiftKey, altKey } };
    },
    true,
  );

  // Back and forward between pages shown in place, until the router answers them. Once the app
  // hydrates the page shown, another is loaded as a new document.
  window.addEventListener("popstate", () => {
    if (running || showingLocation()) return;
    if (hydrating || !showAgain()) window.location.reload();
    else afterShown();
  });

  // Islands that wait for an interaction (cookie consent) must know of one that came first.
  const onInteraction = () => {
    markInteracted();
    for (const name of interactions) window.removeEventListener(name, onInteraction, true);
  };
  for (const name of interactions) window.addEventListener(name, onInteraction, { capture: true, passive: true });

  if (import.meta.env.DEV || payload.site.preview) {
    start(payloadElement, root);
    return;
  }
  const startingEvents = intentEvents();
  const onIntent = (event: Event) => {
    if (leavingBy(event) || placingFocusNow()) return;
    for (const name of startingEvents) window.removeEventListener(name, onIntent, true);
    start(payloadElement, root);
  };
  for (const name of startingEvents) window.addEventListener(name, onIntent, { capture: true, passive: true });
  if (swapping) {
    const listen = (names: string[], then: (event: Event) => void) => {
      for (const name of names) window.addEventListener(name, then, { capture: true, passive: true });
    };
    listen(["pointerdown", "touchstart"], preferTappedLink);
    listen(["pointercancel", "contextmenu"], () => fingerMovedOn());
    listen(["pointerup"], fingerUp);
    // Back to this document from the one a tap loaded: its images and fetches go on.
    window.addEventListener("pageshow", (event) => event.persisted && fingerMovedOn(true));
    fetchPagesInView();
    // The reading is that of the page shown: it starts again with a page shown in place, and a
    // tapped page on its way comes first.
    let reading = 0;
    const read = () => {
      const page = ++reading;
      whenReading(() => page === reading && (deferredForTap(read) || start(payloadElement, root)));
    };
    afterShown = () => {
      fetchPagesInView();
      read();
    };
    read();
  }
  // Until the app starts ("starting", then "true" once hydrated): the page is waiting for a sign
  // of use (browser tests read it).
  document.documentElement.dataset.hydrated ??= "deferred";
}

boot();
