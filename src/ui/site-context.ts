import { createContext, useContext } from "react";
import type { SiteChrome } from "../content/types/site";

/** The shell's data, readable by any view (site name, booking link, privacy policy). */
export const SiteContext = createContext<SiteChrome | null>(null);

export function useSite(): SiteChrome {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite outside <App>");
  return site;
}
