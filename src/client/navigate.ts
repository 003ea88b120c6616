import type { PageMeta } from "../router/meta";
import type { PagePayload } from "../render/payload";
import { PageNotFound } from "../router/define";
import { loadRoute, matchRoute, type PageState } from "../app/table";
import { keepScrollAttribute, setNavigator, type NavigateOptions } from "../ui/navigation";
import { countPageView } from "../features/consent/boot";
import { visitorIdFromCookies } from "../features/experiments";
import { ClientContent } from "./content";
import { applyHead } from "./head";
import { findLink, inAppTarget, loadAheadTarget, pathOf } from "./links";
import { startProgress, stopProgress } from "./progress";
import { preloadVisibleLinks } from "./visible-links";
import { whenIdle } from "../ui/when";

export interface LoadedState {
  state: PageState;
  meta: PageMeta;
}

let render: ((state: PageState) => void) | null = null;
let payload: PagePayload;
let renderedPath = "";
let current: AbortController | null = null;
const content = new ClientContent();

/** Runs the route's loader in the browser (query cache first, then the site's /graphql). */
export async function loadPage(url: URL, config: PagePayload["config"], site: PageState["site"]): Promise<LoadedState> {
  const match = matchRoute(url.pathname);
  if (!match) throw new PageNotFound(url.pathname);
  const route = await loadRoute(match.id);
  // The page's experiments show this visitor the variant the server showed (decision 028); the
  // choice as the head's first script marked it, or the consent dialog since.
  const visitor = {
    id: document.documentElement.dataset.consent === "all" ? visitorIdFromCookies(document.cookie) : null,
    preview: Boolean(site.preview),
    now: Date.now(),
  };
  const loaded = await route.load({ url, params: match.params, content, config, visitor });
  const editable = site.preview && loaded.editable ? { editable: loaded.editable } : {}; // editors only
  const state = { route: match.id, data: loaded.data, site, path: pathOf(url), ...editable } as PageState;
  return { state, meta: loaded.meta };
}

/**
 * In-app navigation: the next route's data, then render, head, history and scroll. Any
 * failure (a missing page included: the server answers it with the right status) falls back
 * to a full page load. `keepScroll`: a push that leaves scroll and focus where they are.
 */
async function navigate(url: URL, mode: "push" | "pop", { keepScroll = false }: NavigateOptions = {}): Promise<void> {
  current?.abort();
  const controller = new AbortController();
  current = controller;
  startProgress();
  try {
    const { state, meta } = await loadPage(url, payload.config, payload.site);
    if (controller.signal.aborted) return;
    if (mode === "push") history.replaceState({ ...history.state, scroll: window.scrollY }, "");
    renderedPath = pathOf(url);
    render!(state);
    if (mode === "push") history.pushState({ scroll: keepScroll ? window.scrollY : 0 }, "", pathOf(url));
    applyHead(meta, payload.config);
    countPageView();
    whenIdle(watchVisibleLinks);
    if (keepScroll) return;
    window.scrollTo(0, mode === "pop" ? ((history.state as { scroll?: number } | null)?.scroll ?? 0) : 0);
    document.getElementById("content")?.focus({ preventScroll: true });
  } catch (error) {
    if (controller.signal.aborted) return;
    if (!(error instanceof PageNotFound)) console.warn("client navigation failed, loading the page:", error);
    window.location.assign(url.toString());
  } finally {
    if (current === controller) {
      current = null;
      stopProgress();
    }
  }
}

const preloaded = new Set<string>();

/**
 * Runs the loader of a page the visitor shows intent for (pointer or finger down, a hover that
 * rests, a link in view): its route's code and its data are in the caches before the click. Not
 * in an editor's preview, where a draft may change before the click.
 */
function preload(link: HTMLAnchorElement): boolean {
  if (payload.site.preview) return false;
  const url = loadAheadTarget(link, window.location);
  if (!url) return false;
  const path = pathOf(url);
  if (path === renderedPath || preloaded.has(path)) return false;
  preloaded.add(path);
  loadPage(url, payload.config, payload.site).catch(() => preloaded.delete(path));
  return true;
}

/** The links of the page now shown that are worth loading before they are tapped. */
const watchVisibleLinks = () => preloadVisibleLinks(document.querySelector("main"), preload);

/** How long a pointer rests on a link before it counts as intent (a pass across the page does not). */
const hoverIntentMs = 80;

function listenForIntent(): void {
  const onPress = (event: Event) => {
    const link = findLink(event.target);
    if (link) preload(link);
  };
  document.addEventListener("pointerdown", onPress, { capture: true, passive: true });
  document.addEventListener("touchstart", onPress, { capture: true, passive: true });
  let hover: { link: HTMLAnchorElement; timer: ReturnType<typeof setTimeout> } | null = null;
  document.addEventListener("mouseover", (event) => {
    const link = findLink(event.target);
    if (link === hover?.link) return;
    if (hover) clearTimeout(hover.timer);
    hover = link ? { link, timer: setTimeout(() => preload(link), hoverIntentMs) } : null;
  });
}

/** Starts the router: one document-level click handler, back/forward, and preloading on intent. */
export function startRouter(initial: PagePayload, renderState: (state: PageState) => void): void {
  payload = initial;
  render = renderState;
  renderedPath = pathOf(window.location);
  history.scrollRestoration = "manual";
  document.addEventListener("click", (event) => {
    const link = findLink(event.target);
    if (!link) return;
    const url = inAppTarget(event, link, window.location);
    if (!url || !matchRoute(url.pathname)) return;
    event.preventDefault();
    if (pathOf(url) !== renderedPath) void navigate(url, "push", { keepScroll: link.hasAttribute(keepScrollAttribute) });
  });
  setNavigator((href, options) => {
    const url = new URL(href, window.location.href);
    if (!matchRoute(url.pathname)) window.location.assign(url.toString());
    else if (pathOf(url) !== renderedPath) void navigate(url, "push", options);
  });
  listenForIntent();
  watchVisibleLinks();
  // From here the router answers clicks and preloads pages itself: the document prefetches that
  // the page's speculation rules start on intent would be fetched for nothing.
  for (const rules of document.querySelectorAll('script[type="speculationrules"]')) rules.remove();
  window.addEventListener("popstate", () => {
    // Back to a hash on the same page: the browser scrolls, nothing to render.
    if (pathOf(window.location) !== renderedPath) void navigate(new URL(window.location.href), "pop");
  });
}
