import type { KeyboardEvent } from "react";

/**
 * Keeps Tab and Shift+Tab inside an open modal dialog (the browser would move on to its own
 * UI): from the last focusable element back to the first, and the other way round. Elements
 * that are disabled, hidden or out of the tab order do not count.
 */
export function trapFocus(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== "Tab") return;
  const focusable = [
    ...event.currentTarget.querySelectorAll<HTMLElement>("button, input, a[href], [tabindex]:not([tabindex='-1'])"),
  ].filter((element) => !element.hasAttribute("disabled") && element.tabIndex >= 0 && element.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
