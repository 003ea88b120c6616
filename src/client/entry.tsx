import { hydrateRoot } from "react-dom/client";
import { App } from "../views/App";
import type { PageState } from "../views/registry";

/** Hydration bundle: picks up the server's page state and makes the same tree interactive. */
const stateElement = document.getElementById("__STATE__");
const root = document.getElementById("app");
if (stateElement && root) {
  const state = JSON.parse(stateElement.textContent ?? "null") as PageState;
  hydrateRoot(root, <App state={state} />, {
    onRecoverableError(error) {
      console.error("hydration:", error);
    },
  });
}
