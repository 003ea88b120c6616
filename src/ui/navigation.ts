/**
 * In-app navigation for a view that changes the URL itself (a filter select): the client router
 * (src/client/navigate.ts) registers here when it starts. Before that, and if it never does, the
 * address loads as a page.
 */
export interface NavigateOptions {
  /** Stay where the visitor is (scroll and focus): the page changes under a control they use. */
  keepScroll?: boolean;
}

let inApp: ((href: string, options: NavigateOptions) => void) | null = null;

export function setNavigator(navigate: typeof inApp): void {
  inApp = navigate;
}

export function navigateTo(href: string, options: NavigateOptions = {}): void {
  if (inApp) inApp(href, options);
  else window.location.assign(href);
}

/** Links marked so keep the scroll position when the router follows them (see NavigateOptions). */
export const keepScrollAttribute = "data-keep-scroll";

/**
 * Marks a link whose page the boot script holds to show in place (`src/client/page-swap.ts`):
 * the page's speculation rules leave it alone, or a finger coming down on it would fetch the
 * document again for nothing.
 */
export const shownInPlaceAttribute = "data-shown-in-place";
