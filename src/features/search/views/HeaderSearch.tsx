import type { ComponentType } from "react";
import type { AskPanelProps } from "./ask-slot";
import { HeaderSearchControls } from "./HeaderSearchControls";

export interface HeaderSearchProps {
  /** The dialog's Ask mode, given by the app (a chunk of the ask feature, loaded when chosen). */
  loadAskPanel?: () => Promise<ComponentType<AskPanelProps>>;
}

/**
 * Server side of the header search island: the plain form (and the phone's link), which is all
 * a visitor without JavaScript gets. The browser build swaps in HeaderSearch.client.tsx, which
 * renders the same markup and opens the search dialog instead.
 */
export function HeaderSearch(_: HeaderSearchProps) {
  return <HeaderSearchControls />;
}
