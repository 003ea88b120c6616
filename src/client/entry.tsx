import { useEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import type { PagePayload } from "../render/payload";
import { App } from "../views/App";
import type { PageState } from "../routes/table";
import { loadAnalytics } from "../views/consent/events";
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
 * Hydration bundle: reads the server's payload, seeds the query cache with the render's
 * results, re-runs the route's loader against that cache (no request), hydrates, and starts
 * the router.
 */
async function main() {
  const payloadElement = document.getElementById("__STATE__");
  const root = document.getElementById("app");
  if (!payloadElement || !root) return;
  const payload = JSON.parse(payloadElement.textContent ?? "null") as PagePayload;
  seedQueryCache(payload.queries);
  // Analytics for a visitor who allowed them (the consent island itself loads later).
  if (payload.site.consent === "all") loadAnalytics();
  const path = location.pathname + location.search;
  const initial: PageState = payload.route
    ? (await loadPage(new URL(location.href), payload.config, payload.site)).state
    : { route: "error", data: { status: payload.status, path }, site: payload.site, path };
  hydrateRoot(root, <ClientApp initial={initial} onReady={(set) => startRouter(payload, set)} />, {
    onRecoverableError(error) {
      console.error("hydration:", error);
    },
  });
}

void main();
