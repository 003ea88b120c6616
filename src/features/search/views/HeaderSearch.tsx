import { HeaderSearchControls } from "./HeaderSearchControls";

/**
 * Server side of the header search island: the plain form (and the phone's link), which is all
 * a visitor without JavaScript gets. The browser build swaps in HeaderSearch.client.tsx, which
 * renders the same markup and opens the search dialog instead.
 */
export function HeaderSearch() {
  return <HeaderSearchControls />;
}
