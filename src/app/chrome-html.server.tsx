import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { SiteChrome } from "../content/types/site";
import type { ChromeHtml } from "../shell/chrome-html";
import { FooterBar, FooterColumns } from "../shell/layout/Footer";
import { HeaderContent } from "../shell/layout/Header";
import { SiteContext } from "../ui/site-context";
import { keptPerObject } from "../lib/kept-per-object";

/**
 * The shell's chrome as HTML, rendered once per site chrome object: a warm isolate reads the same
 * object for every page (content/site-chrome.ts keeps it per read), so the pages rendered again
 * after a save, and every server render in between, share it. Each part is rendered by the same
 * components as inline, so the page's bytes are the same (chrome-html.test.tsx). Previews render
 * whole: their chrome is built per request.
 */
const rendered = keptPerObject<SiteChrome, ChromeHtml>();

export function chromeHtmlOf(site: SiteChrome): ChromeHtml | null {
  if (site.preview) return null;
  return rendered(site, "", () => {
    const render = (element: ReactNode) => renderToString(<SiteContext.Provider value={site}>{element}</SiteContext.Provider>);
    return {
      header: render(<HeaderContent site={site} />),
      footerColumns: render(<FooterColumns site={site} />),
      footerBar: render(<FooterBar site={site} />),
    };
  });
}
