import type { MouseEvent, ReactNode } from "react";

/**
 * The dialog's Ask mode is a slot: the search feature draws the dialog, the feature that answers
 * questions fills it (the app hands its loader to the header), so search knows no answerer.
 */
export interface AskPanelProps {
  /** The text to start from: asked at once when `askAtOnce`, else left in the field. */
  initialQuestion: string;
  askAtOnce: boolean;
  /** Controls the dialog puts beside the field (its close button) and under it (the mode switch). */
  closeButton: ReactNode;
  modeSwitch: ReactNode;
  /** A passage's link followed with a plain click: the dialog closes so the browser can show it. */
  onFollow: (event: MouseEvent<HTMLAnchorElement>) => void;
}
