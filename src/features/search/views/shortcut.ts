/** Keys typed into these belong to them, not to the `/` shortcut. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.closest("input, textarea, select") !== null);
}

/** ⌘K / Ctrl+K anywhere, `/` outside text fields: open the search dialog. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing || event.altKey) return false;
  const modifier = event.metaKey || event.ctrlKey;
  if (modifier) return !event.shiftKey && event.key.toLowerCase() === "k";
  return event.key === "/" && !isTyping(event.target);
}
