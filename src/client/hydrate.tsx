import { startTransition, useEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import type { PagePayload } from "../render/payload";
import { App } from "../app/App";
import type { PageState } from "../app/table";
import { seedQueryCache } from "./content";
import { loadPage, startRouter } from "./navigate";

/** Holds the page state in the browser, so client navigation can render the next page. */
function ClientApp({ initial, onReady }: { initial: PageState; onReady: (set: (state: PageState) => void) => void }) {
  const [state, setState] = useState(initial);
  useEffect(() => onReady(setState), [onReady]);
  useEffect(() => {
    // Editors only: the Directus visual-editing library, in its own chunk, once the page shows.
    const cmsUrl = state.site.preview?.cmsUrl;
    if (cmsUrl)
      void import("./visual-editing")
        .then((module) => module.refreshVisualEditing(cmsUrl))
        .catch((error) => console.warn("visual editing:", error));
  }, [state]);
  return <App state={state} />;
}

/**
 * The app in the browser, loaded by boot.ts: seeds the query cache with the server's results,
 * re-runs the route's loader against that cache (no request), hydrates, and starts the
 * router. Resolves once the router handles clicks.
 */
export async function hydrate(payload: PagePayload, root: HTMLElement): Promise<void> {
  seedQueryCache(payload.queries);
  const path = location.pathname + location.search;
  const initial: PageState = payload.route
    ? (await loadPage(new URL(location.href), payload.config, payload.site)).state
    : { route: "error", data: { status: payload.status, path }, site: payload.site, path };
  await new Promise<void>((routerStarted) => {
    const onReady = (set: (state: PageState) => void) => {
      startRouter(payload, set);
      routerStarted();
    };
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page: a tap or a scroll meanwhile is answered at once.
    startTransition(() => {
      hydrateRoot(root, <ClientApp initial={initial} onReady={onReady} />, {
        onRecoverableError(error) {
          console.error("hydration:", error);
        },
      });
    });
  });
}
