/// <reference types="vite/client" />
import type { PagePayload } from "../render/payload";
import { loadAnalytics } from "../views/consent/events";
import { isSearchShortcut } from "../views/search/shortcut";
import { loadRoute } from "../routes/table";
import { findLink, inAppTarget } from "./links";
import { interactions, markInteracted } from "./when";

/**
 * The one script every page loads first (about 4 kB gzip). The server's HTML is the whole page and
 * works without JavaScript (links, forms, disclosures), so React and the page's code (about
 * 80 kB gzip, React alone 68 kB) load at the visitor's first sign of use instead of on
 * arrival: a pointer moving or pressed, a key, a touch, focus, the wheel or a scroll. Editors'
 * previews and the dev server hydrate at once (docs/decisions/012).
 *
 * Until the app runs, a click it must handle (an in-app link, a button) and a search shortcut
 * are held, then replayed once the router listens; if the app fails to load, the click is
 * replayed all the same and the browser does what the HTML says.
 */

const intentEvents = [...interactions, "pointermove", "scroll"] as const;

let started = false;
let running = false;
let heldClick: HTMLElement | null = null;
let heldKey: { target: EventTarget; init: KeyboardEventInit } | null = null;

/** Loads and hydrates the app once; then replays what was held. */
function start(payload: PagePayload, root: HTMLElement): void {
  if (started) return;
  started = true;
  // The route's code loads beside the app's rather than after it (one round trip less).
  if (payload.route) void loadRoute(payload.route).catch(() => {});
  import("./hydrate")
    .then((app) => app.hydrate(payload, root))
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

/** A click the app would handle: an in-app link, or a button (its behaviour is the app's). */
function heldTarget(event: MouseEvent): HTMLElement | null {
  const link = findLink(event.target);
  if (link) return inAppTarget(event, link, window.location) ? link : null;
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  return button instanceof HTMLButtonElement && !button.disabled ? button : null;
}

function boot(): void {
  const payloadElement = document.getElementById("__STATE__");
  const root = document.getElementById("app");
  if (!payloadElement || !root) return;
  const payload = JSON.parse(payloadElement.textContent ?? "null") as PagePayload;
  // Analytics for a visitor who allowed them (the consent island itself loads later).
  if (payload.site.consent === "all") loadAnalytics();

  window.addEventListener(
    "click",
    (event) => {
      if (running) return;
      const target = heldTarget(event);
      if (!target) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      heldClick = target;
      start(payload, root);
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

  // Islands that wait for an interaction (cookie consent) must know of one that came first.
  const onInteraction = () => {
    markInteracted();
    for (const name of interactions) window.removeEventListener(name, onInteraction, true);
  };
  for (const name of interactions) window.addEventListener(name, onInteraction, { capture: true, passive: true });

  if (import.meta.env.DEV || payload.site.preview) {
    start(payload, root);
    return;
  }
  const onIntent = () => {
    for (const name of intentEvents) window.removeEventListener(name, onIntent, true);
    start(payload, root);
  };
  for (const name of intentEvents) window.addEventListener(name, onIntent, { capture: true, passive: true });
  // Until hydration sets "true": the page is waiting for a sign of use (browser tests read it).
  document.documentElement.dataset.hydrated ??= "deferred";
}

boot();
