import { createContext } from "react";

/**
 * The shell's parts that depend on the site's chrome alone (the menus, the name, the stock quote),
 * as HTML rendered once per read of it on the server (app/chrome-html.server.tsx): the header's
 * content, the footer's link columns and its bottom bar. A page's render then inserts them
 * instead of rendering the same few hundred elements again. Null in the browser, where the
 * components render (and hydrate) as usual, and in an editor's preview.
 */
export interface ChromeHtml {
  header: string;
  footerColumns: string;
  footerBar: string;
}

export const ChromeHtmlContext = createContext<ChromeHtml | null>(null);
