import { type ComponentType, useEffect } from "react";
import { CookieConsentSlot } from "../features/consent";
import { ErrorBoundary } from "./ErrorBoundary";
import { ErrorPage } from "../shell/ErrorPage";
import { loadedRoute, type PageState } from "./table";
import { Shell } from "../shell/Shell";
import { SiteContext } from "../ui/site-context";

/**
 * Root component, rendered on the server and hydrated in the browser with the same state.
 * The state's route module must be loaded first (`loadRoute`).
 */
export function App({ state }: { state: PageState }) {
  const View = (state.route === "error" ? ErrorPage : loadedRoute(state.route).View) as ComponentType<{ data: PageState["data"] }>;
  useEffect(() => {
    // Marks a finished hydration (browser tests and client runtime rely on it).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <SiteContext.Provider value={state.site}>
      <Shell site={state.site} path={state.path} editable={state.route === "error" ? undefined : state.editable}>
        <ErrorBoundary resetKey={state.path} fallback={<ErrorPage data={{ status: 500, path: state.path }} />}>
          <View data={state.data} />
        </ErrorBoundary>
      </Shell>
      {/* Editors preview inside the CMS: a cookie notice would cover the page they are editing. */}
      {!state.site.preview && <CookieConsentSlot path={state.path} />}
    </SiteContext.Provider>
  );
}
