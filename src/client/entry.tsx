import { hydrateRoot } from "react-dom/client";
import type { PagePayload } from "../loaders/payload";
import { routeById } from "../loaders/routes";
import { App } from "../views/App";
import type { PageState } from "../views/registry";
import { ClientContent, seedQueryCache } from "./content";

/**
 * Hydration bundle: reads the server's payload, seeds the query cache with the render's
 * results, re-runs the route's loader against that cache (no request) and hydrates.
 */
async function main() {
  const payloadElement = document.getElementById("__STATE__");
  const root = document.getElementById("app");
  if (!payloadElement || !root) return;
  const payload = JSON.parse(payloadElement.textContent ?? "null") as PagePayload;
  seedQueryCache(payload.queries);

  const route = payload.route ? routeById(payload.route) : undefined;
  const path = location.pathname + location.search;
  let state: PageState;
  if (route) {
    const content = new ClientContent();
    const loaded = await route.load({ url: new URL(location.href), params: payload.params, content, config: payload.config });
    state = { view: loaded.view, data: loaded.data, site: payload.site, path } as PageState;
  } else {
    state = { view: "error", data: { status: payload.status, path }, site: payload.site, path };
  }
  hydrateRoot(root, <App state={state} />, {
    onRecoverableError(error) {
      console.error("hydration:", error);
    },
  });
}

void main();
