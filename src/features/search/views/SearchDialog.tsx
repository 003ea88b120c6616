import {
  type ComponentType,
  lazy,
  Suspense,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from "react";
import type { AskPanelProps } from "./ask-slot";
import { t } from "../../../i18n";
import { plural } from "../../../i18n/plural";
import type { SearchResult } from "../engine";
import { trapFocus } from "../../../ui/focus-trap";
import { CloseIcon, SearchIcon } from "../../../ui/icons";
import { RecentSearches } from "./RecentSearches";
import { readRecentSearches, removeRecentSearch, saveRecentSearch } from "./recent-searches";
import { useSearchRecording } from "./search-beacons";
import { SearchDialogResults } from "./SearchDialogResults";
import { listboxId, useListboxNavigation } from "./use-listbox-navigation";
import { useSearchAnswers } from "./use-search-answers";

/** The API refuses longer texts (maxQueryLength in src/features/search/engine.ts). */
const maxQueryLength = 200;

export interface SearchDialogProps {
  dialogRef: RefObject<HTMLDialogElement | null>;
  open: boolean;
  /**
   * Counts the openings: a reopening that overtook the browser's close event leaves `open` true
   * throughout, and the dialog must show again all the same.
   */
  opening: number;
  /** Text already typed into the header field, used as the first query when the dialog opens. */
  takeInitialQuery: () => string;
  /** Asks the owner to close the dialog; `restoreFocus` is false when a result was chosen (the router moves focus). */
  onClose: (restoreFocus: boolean) => void;
  /** The Ask mode's panel (its own chunk, given by the app); without it the dialog only searches. */
  loadAskPanel?: () => Promise<ComponentType<AskPanelProps>>;
  /** A question handed over by a page's form: the dialog opens in Ask mode and asks it. */
  takeQuestion?: () => string | null;
}

type Mode = "search" | "ask";

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The instant search dialog (loaded on first open by HeaderSearch.client.tsx): an ARIA
 * combobox whose listbox shows ranked results from /api/search as you type, the last option
 * leading to the full search page. Results are real links, so choosing one goes through the
 * client router. With an empty field it shows the recent searches. Its parts: the answers
 * (use-search-answers), the keyboard (use-listbox-navigation), the listbox
 * (SearchDialogResults), the recent searches and the search analytics (search-beacons).
 */
export function SearchDialog({ dialogRef, open, opening, takeInitialQuery, onClose, loadAskPanel, takeQuestion }: SearchDialogProps) {
  const [mode, setMode] = useState<Mode>("search");
  const [handed, setHanded] = useState<{ question: string; key: number } | null>(null);
  const AskPanel = useMemo(() => (loadAskPanel ? lazy(() => loadAskPanel().then((panel) => ({ default: panel }))) : null), [loadAskPanel]);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);
  const pressedOnBackdrop = useRef(false);
  const { query, answer, pending, failed, search, stop } = useSearchAnswers(useCallback(() => setActive(-1), []));

  const q = query.trim();
  const results = answer?.results ?? [];
  const optionCount = q ? results.length + 1 : 0; // the results, then "See all results"
  const fresh = answer !== null && answer.query === q && !pending;
  const { onInputKeyDown, activeDescendant } = useListboxNavigation({ listRef, optionCount, hasQuery: q !== "", active, setActive });
  const recording = useSearchRecording(fresh ? answer.query : null, open);

  // Closing on an answer counts it (the browser's own close event comes after the owner's: no longer open then).
  const close = (restoreFocus: boolean) => {
    if (open && fresh) recording.record(answer.query);
    onClose(restoreFocus);
  };

  // Open (each opening: see `opening`): start from the header field's text and the stored recent
  // searches. Close: drop any request.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `opening` runs the effect again for a reopening that left `open` true.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setRecent(readRecentSearches());
      const question = takeQuestion?.() ?? null;
      if (question) {
        setHanded({ question, key: Date.now() });
        setMode("ask");
      } else {
        setHanded(null);
        setMode("search");
      }
      search(takeInitialQuery());
      // The owner gives focus back on close; the browser's own restoring, which runs inside
      // close(), would leave a text field focused but not accepting input (Chromium).
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      dialog.showModal();
      inputRef.current?.focus();
    } else if (!open) {
      stop();
    }
  }, [open, opening, dialogRef, search, takeInitialQuery, takeQuestion, stop]);

  const chosen = (event: MouseEvent<HTMLAnchorElement>) => {
    setRecent(saveRecentSearch(q));
    // A new tab or window: the visitor stays here, with the dialog.
    if (isPlainClick(event)) onClose(false);
  };
  const chooseResult = (event: MouseEvent<HTMLAnchorElement>, result: SearchResult, index: number) => {
    if (answer) recording.recordClick(answer.query, result.kind, index + 1);
    chosen(event);
  };
  const chooseSearchPage = (event: MouseEvent<HTMLAnchorElement>) => {
    recording.leaveToSearchPage(q);
    chosen(event);
  };

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Escape") {
      // Handled here rather than by the browser's cancel, so the focus goes back where it was.
      event.preventDefault();
      close(true);
    } else {
      trapFocus(event);
    }
  };

  const announcement =
    !q || pending
      ? ""
      : failed
        ? t("search.dialog_error")
        : fresh
          ? answer.total
            ? plural("search.result_count", answer.total)
            : t("search.dialog_empty", { q })
          : "";

  const closeButton = (
    <button
      type="button"
      onClick={() => close(true)}
      className="text-ink-muted hover:text-ink hover:bg-surface-muted flex h-9 shrink-0 items-center justify-center rounded-md px-2"
    >
      {/* The name is the spoken text; the visible key hint is decoration (its name would not say "close"). */}
      <span className="sr-only">{t("search.dialog_close")}</span>
      <span aria-hidden="true" className="border-line hidden rounded border px-1.5 font-sans text-xs leading-5 md:inline">
        Esc
      </span>
      <CloseIcon className="h-5 w-5 md:hidden" />
    </button>
  );
  const modeSwitch = AskPanel && (
    <div role="group" aria-label={t("ask.mode_label")} className="border-line flex gap-1 border-b px-3 py-2">
      {(["search", "ask"] as const).map((each) => (
        <button
          key={each}
          type="button"
          aria-pressed={mode === each}
          onClick={() => setMode(each)}
          className={`rounded-full px-3 py-1 text-sm font-medium transition-colors ${
            mode === each ? "bg-ink text-white" : "text-ink-muted hover:bg-surface-muted hover:text-ink"
          }`}
        >
          {each === "search" ? t("ask.mode_search") : t("ask.mode_ask")}
        </button>
      ))}
    </div>
  );
  const followed = (event: MouseEvent<HTMLAnchorElement>) => {
    if (isPlainClick(event)) onClose(false);
  };

  return (
    <dialog
      ref={dialogRef}
      aria-label={t("search.dialog_label")}
      onKeyDown={onDialogKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        close(true);
      }}
      // A close event that comes after the dialog was opened again (a shortcut overtook it) is stale.
      onClose={(event) => {
        if (!event.currentTarget.open) close(true);
      }}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // The ::backdrop belongs to the dialog element: a click outside the panel lands on it.
        if (event.target === event.currentTarget && pressedOnBackdrop.current) close(true);
      }}
      className="bg-surface text-ink border-line m-0 mb-auto max-h-none w-full max-w-none overflow-hidden rounded-b-2xl border-0 border-b p-0 shadow-[0_24px_64px_-16px_rgba(12,15,23,0.4)] backdrop:bg-[rgba(12,15,23,0.45)] md:mx-auto md:mt-[12vh] md:w-[min(40rem,calc(100vw-4rem))] md:rounded-2xl md:border motion-safe:transition-[opacity,translate] motion-safe:duration-150 motion-safe:ease-out starting:open:-translate-y-2 starting:open:opacity-0"
    >
      <div className="flex max-h-[85dvh] flex-col md:max-h-[min(36rem,76dvh)]">
        {mode === "ask" && AskPanel ? (
          <Suspense fallback={<p className="text-ink-muted px-4 py-4 text-sm">{t("search.dialog_loading")}</p>}>
            <AskPanel
              key={handed?.key ?? 0}
              initialQuestion={handed?.question ?? query}
              askAtOnce={handed !== null}
              closeButton={closeButton}
              modeSwitch={modeSwitch}
              onFollow={followed}
            />
          </Suspense>
        ) : (
          <>
            <div className="border-line flex items-center gap-3 border-b px-4">
              <SearchIcon className="text-ink-subtle h-5 w-5 shrink-0" />
              <input
                ref={inputRef}
                type="search"
                role="combobox"
                aria-label={t("search.dialog_label")}
                aria-expanded={q !== ""}
                aria-controls={listboxId}
                aria-activedescendant={activeDescendant}
                aria-autocomplete="list"
                autoComplete="off"
                autoCorrect="off"
                autoCapitalize="none"
                spellCheck={false}
                enterKeyHint="search"
                maxLength={maxQueryLength}
                placeholder={t("search.placeholder")}
                value={query}
                onChange={(event) => search(event.target.value)}
                onKeyDown={onInputKeyDown}
                className="placeholder:text-ink-subtle h-14 min-w-0 flex-1 bg-transparent text-base outline-none focus-visible:outline-none [&::-webkit-search-cancel-button]:hidden"
              />
              {closeButton}
            </div>
            {modeSwitch}

            <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
              {!q && (
                <RecentSearches
                  recent={recent}
                  onChoose={(text) => {
                    search(text);
                    inputRef.current?.focus();
                  }}
                  onRemove={(text) => {
                    setRecent(removeRecentSearch(text));
                    inputRef.current?.focus();
                  }}
                />
              )}

              {q && pending && !answer && <p className="text-ink-muted px-4 pt-4 pb-2 text-sm">{t("search.dialog_loading")}</p>}
              {q && failed && !pending && <p className="text-negative px-4 pt-4 pb-2 text-sm">{t("search.dialog_error")}</p>}
              {q && fresh && answer.total === 0 && (
                <p className="text-ink-muted px-4 pt-4 pb-2 text-sm">{t("search.dialog_empty", { q })}</p>
              )}

              <SearchDialogResults
                listRef={listRef}
                q={q}
                answeredQuery={answer?.query ?? ""}
                results={results}
                pending={pending}
                active={active}
                onActivate={setActive}
                onChooseResult={chooseResult}
                onChooseSearchPage={chooseSearchPage}
              />
            </div>
            <p role="status" className="sr-only">
              {announcement}
            </p>
          </>
        )}
      </div>
    </dialog>
  );
}
