import type { PageMeta } from "../render/meta";
import type { PagePayload } from "../render/payload";
import { PageNotFound } from "../routes/define";
import { loadRoute, matchRoute, type PageState } from "../routes/table";
import { ClientContent } from "./content";
import { applyHead } from "./head";
import { findLink, inAppTarget } from "./links";
import { startProgress, stopProgress } from "./progress";

export interface LoadedState {
  state: PageState;
  meta: PageMeta;
}

let render: ((state: PageState) => void) | null = null;
let payload: PagePayload;
let renderedPath = "";
let current: AbortController | null = null;
const content = new ClientContent();

const pathOf = (url: URL | Location) => url.pathname + url.search;

/** Runs the route's loader in the browser (query cache first, then the site's /graphql). */
export async function loadPage(url: URL, config: PagePayload["config"], site: PageState["site"]): Promise<LoadedState> {
  const match = matchRoute(url.pathname);
  if (!match) throw new PageNotFound(url.pathname);
  const route = await loadRoute(match.id);
  const loaded = await route.load({ url, params: match.params, content, config });
  const editable = site.preview && loaded.editable ? { editable: loaded.editable } : {}; // editors only
  const state = { route: match.id, data: loaded.data, site, path: pathOf(url), ...editable } as PageState;
  return { state, meta: loaded.meta };
}

/**
 * In-app navigation: the next route's data, then render, head, history and scroll. Any
 * failure (a missing page included: the server answers it with the right status) falls back
 * to a full page load.
 */
async function navigate(url: URL, mode: "push" | "pop"): Promise<void> {
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
    if (mode === "push") history.pushState({ scroll: 0 }, "", pathOf(url));
    applyHead(meta, payload.config);
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

/** Starts the router: one document-level click handler, and back/forward. */
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
    if (pathOf(url) !== renderedPath) void navigate(url, "push");
  });
  window.addEventListener("popstate", () => {
    // Back to a hash on the same page: the browser scrolls, nothing to render.
    if (pathOf(window.location) !== renderedPath) void navigate(new URL(window.location.href), "pop");
  });
}
