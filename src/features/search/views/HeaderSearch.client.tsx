import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState, type FocusEvent, type FormEvent, type MouseEvent } from "react";
import { onAskRequest } from "../../../ui/ask-request";
import type { HeaderSearchProps } from "./HeaderSearch";
import { HeaderSearchControls } from "./HeaderSearchControls";
import { isSearchShortcut } from "./shortcut";

/**
 * Browser side of the header search island: the server's form and link, plus the shortcuts
 * (⌘K / Ctrl+K anywhere, `/` outside text fields) that open the search dialog. The dialog's
 * code is not part of the page's first load: it is imported the first time it opens.
 */
const SearchDialog = lazy(() => import("./SearchDialog").then((module) => ({ default: module.SearchDialog })));

const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Memoised: a parent re-render (the mobile flag, a navigation) has nothing to change here and
 * must not disturb an open dialog.
 */
export const HeaderSearch = memo(function HeaderSearch({ loadAskPanel }: HeaderSearchProps) {
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const [used, setUsed] = useState(false);
  const isOpen = useRef(false);
  const closing = useRef(false);
  const returnTo = useRef<HTMLElement | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const handedQuestion = useRef<string | null>(null);

  const show = useCallback(() => {
    // Opening (its code on the way) or open: nothing to do. But Escape closes the dialog in the
    // browser at once while its close event is a task of its own, which a key pressed next can
    // overtake: that close counts as done (SearchDialog ignores the late event).
    if (isOpen.current && (!dialogRef.current || dialogRef.current.open)) return;
    isOpen.current = true;
    const active = document.activeElement;
    returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
    setUsed(true);
    setOpen(true);
    setOpening((count) => count + 1);
  }, []);

  const close = useCallback((restoreFocus: boolean) => {
    if (!isOpen.current) return;
    isOpen.current = false;
    // Focus goes back where it was: on the header field, that focus must not reopen the dialog.
    closing.current = true;
    try {
      if (dialogRef.current?.open) dialogRef.current.close();
      const target = returnTo.current;
      if (restoreFocus && target?.isConnected) target.focus({ preventScroll: true });
    } finally {
      closing.current = false;
    }
    setOpen(false);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      show();
    };
    document.addEventListener("keydown", onKeyDown);
    // A page's question form (the docs'): the dialog opens in its Ask mode and answers.
    const stopAsk = loadAskPanel
      ? onAskRequest((question) => {
          handedQuestion.current = question;
          show();
        })
      : () => {};
    // The field was focused before the page became interactive: open now, with what was typed.
    if (inputRef.current && document.activeElement === inputRef.current) show();
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      stopAsk();
    };
  }, [show, loadAskPanel]);

  const takeQuestion = useCallback(() => {
    const question = handedQuestion.current;
    handedQuestion.current = null;
    return question;
  }, []);

  /** Text typed into the header field (before the dialog's code arrived, say) moves into the dialog. */
  const takeHeaderText = useCallback(() => {
    const input = inputRef.current;
    if (!input) return "";
    const text = input.value;
    input.value = "";
    return text;
  }, []);

  const onFieldFocus = (event: FocusEvent<HTMLInputElement>) => {
    const from = event.relatedTarget as Element | null;
    if (!closing.current && !from?.closest?.("dialog")) show();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    show();
  };
  const onIconClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    show();
  };

  return (
    <>
      <HeaderSearchControls
        inputRef={inputRef}
        onFieldFocus={onFieldFocus}
        onFieldActivate={show}
        onSubmit={onSubmit}
        onIconClick={onIconClick}
      />
      {used && (
        <Suspense fallback={null}>
          <SearchDialog
            dialogRef={dialogRef}
            open={open}
            opening={opening}
            takeInitialQuery={takeHeaderText}
            onClose={close}
            loadAskPanel={loadAskPanel}
            takeQuestion={takeQuestion}
          />
        </Suspense>
      )}
    </>
  );
});
