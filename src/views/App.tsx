import { useEffect, type ComponentType } from "react";
import { Shell } from "./Shell";
import { SiteContext } from "./site-context";
import { views, type PageState } from "./registry";

/** Root component, rendered on the server and hydrated in the browser with the same state. */
export function App({ state }: { state: PageState }) {
  const View = views[state.view] as ComponentType<{ data: PageState["data"] }>;
  useEffect(() => {
    // Marks a finished hydration (browser tests and client runtime rely on it).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <SiteContext.Provider value={state.site}>
      <Shell site={state.site}>
        <View data={state.data} />
      </Shell>
    </SiteContext.Provider>
  );
}
