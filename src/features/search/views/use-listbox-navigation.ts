import { useEffect, type Dispatch, type KeyboardEvent, type RefObject, type SetStateAction } from "react";

export const listboxId = "search-dialog-listbox";
export const optionId = (index: number) => `search-dialog-option-${index}`;

/**
 * The combobox's keyboard: ArrowDown/ArrowUp move the active option (wrapping), Enter clicks the
 * active option's link, or the last one (the search page) when none is active: a real link
 * click, so the client router handles it. The active option is scrolled into view.
 */
export function useListboxNavigation({
  listRef,
  optionCount,
  hasQuery,
  active,
  setActive,
}: {
  listRef: RefObject<HTMLElement | null>;
  optionCount: number;
  hasQuery: boolean;
  /** The active option's index; -1 for none. */
  active: number;
  setActive: Dispatch<SetStateAction<number>>;
}) {
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!optionCount) return;
      const down = event.key === "ArrowDown";
      setActive((current) => (down ? (current + 1) % optionCount : current <= 0 ? optionCount - 1 : current - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (!hasQuery) return;
      const links = listRef.current?.querySelectorAll<HTMLAnchorElement>("a[href]");
      const index = active >= 0 && active < optionCount ? active : optionCount - 1;
      links?.[index]?.click();
    }
  };

  /** The active option's id for aria-activedescendant, if one is active. */
  const activeDescendant = active >= 0 && active < optionCount ? optionId(active) : undefined;

  return { onInputKeyDown, activeDescendant };
}
