import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from "react";
import { t } from "../../../i18n";
import { plural } from "../../../i18n/plural";
import type { SearchKind } from "../documents";
import type { SearchResult } from "../engine";
import { trapFocus } from "../../../ui/focus-trap";
import { ArrowRightIcon, ClockIcon, CloseIcon, SearchIcon } from "../../../ui/icons";
import { Highlighted } from "./Highlighted";
import { readRecentSearches, removeRecentSearch, saveRecentSearch } from "./recent-searches";

/** Wait after the last keystroke before asking: fewer requests, still instant to the eye. */
const debounceMs = 120;
const resultLimit = 8;
/** The API refuses longer texts (maxQueryLength in src/features/search/engine.ts). */
const maxQueryLength = 200;

const listboxId = "search-dialog-listbox";
const optionId = (index: number) => `search-dialog-option-${index}`;
// Literal keys: the browser build inlines only texts whose keys it can see (scripts/vite/plugins.ts).
const kindLabels: Record<SearchKind, string> = {
  doc: t("search.kind_doc"),
  post: t("search.kind_post"),
  job: t("search.kind_job"),
  event: t("search.kind_event"),
  page: t("search.kind_page"),
};
const searchPageHref = (q: string) => `/search?${new URLSearchParams({ q })}`;

/** The answer shown: for `query`, which may be older than the text in the field while the next one loads. */
interface Answer {
  query: string;
  results: SearchResult[];
  total: number;
}

export interface SearchDialogProps {
  dialogRef: RefObject<HTMLDialogElement | null>;
  open: boolean;
  /** Text already typed into the header field, used as the first query when the dialog opens. */
  takeInitialQuery: () => string;
  /** Asks the owner to close the dialog; `restoreFocus` is false when a result was chosen (the router moves focus). */
  onClose: (restoreFocus: boolean) => void;
}

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The instant search dialog (loaded on first open by HeaderSearch.client.tsx): an ARIA
 * combobox whose listbox shows ranked results from /api/search as you type, the last option
 * leading to the full search page. Results are real links, so choosing one goes through the
 * client router. With an empty field it shows the recent searches.
 */
export function SearchDialog({ dialogRef, open, takeInitialQuery, onClose }: SearchDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState("");
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);
  // Every keystroke gets a number: an answer is shown only if it is for the latest one, so a
  // slow earlier response never replaces a newer one (aborting alone can lose that race).
  const sequence = useRef(0);
  const inFlight = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pressedOnBackdrop = useRef(false);

  const cancelPending = useCallback(() => {
    sequence.current += 1;
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  const search = useCallback(
    (text: string) => {
      setQuery(text);
      setActive(-1);
      cancelPending();
      const q = text.trim();
      if (!q) {
        setAnswer(null);
        setPending(false);
        setFailed(false);
        return;
      }
      const id = sequence.current;
      setPending(true);
      timer.current = setTimeout(async () => {
        const controller = new AbortController();
        inFlight.current = controller;
        try {
          const response = await fetch(`/api/search?${new URLSearchParams({ q, limit: String(resultLimit) })}`, {
            signal: controller.signal,
            headers: { accept: "application/json" },
          });
          if (!response.ok) throw new Error(`/api/search answered ${response.status}`);
          const body = (await response.json()) as { results: SearchResult[]; total: number };
          if (id !== sequence.current) return;
          setAnswer({ query: q, results: body.results, total: body.total });
          setFailed(false);
          setActive(-1);
        } catch {
          if (id !== sequence.current) return; // aborted or superseded: a newer request owns the state
          setAnswer(null);
          setFailed(true);
        } finally {
          if (id === sequence.current) {
            setPending(false);
            inFlight.current = null;
          }
        }
      }, debounceMs);
    },
    [cancelPending],
  );

  // Open: start from the header field's text and the stored recent searches. Close: drop any request.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setRecent(readRecentSearches());
      search(takeInitialQuery());
      // The owner gives focus back on close; the browser's own restoring, which runs inside
      // close(), would leave a text field focused but not accepting input (Chromium).
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      dialog.showModal();
      inputRef.current?.focus();
    } else if (!open) {
      cancelPending();
      setPending(false);
    }
  }, [open, dialogRef, search, takeInitialQuery, cancelPending]);

  useEffect(() => () => cancelPending(), [cancelPending]);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const q = query.trim();
  const results = answer?.results ?? [];
  const optionCount = q ? results.length + 1 : 0; // the results, then "See all results"
  const fresh = answer !== null && answer.query === q && !pending;

  const choose = (event: MouseEvent<HTMLAnchorElement>) => {
    setRecent(saveRecentSearch(q));
    // A new tab or window: the visitor stays here, with the dialog.
    if (isPlainClick(event)) onClose(false);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!optionCount) return;
      const down = event.key === "ArrowDown";
      setActive((current) => (down ? (current + 1) % optionCount : current <= 0 ? optionCount - 1 : current - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (!q) return;
      // A real link click, so the client router handles it (no page load); no option: the search page.
      const links = listRef.current?.querySelectorAll<HTMLAnchorElement>("a[href]");
      const index = active >= 0 && active < optionCount ? active : optionCount - 1;
      links?.[index]?.click();
    }
  };

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Escape") {
      // Handled here rather than by the browser's cancel, so the focus goes back where it was.
      event.preventDefault();
      onClose(true);
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

  return (
    <dialog
      ref={dialogRef}
      aria-label={t("search.dialog_label")}
      onKeyDown={onDialogKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose(true);
      }}
      onClose={() => onClose(true)}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // The ::backdrop belongs to the dialog element: a click outside the panel lands on it.
        if (event.target === event.currentTarget && pressedOnBackdrop.current) onClose(true);
      }}
      className="bg-surface text-ink border-line m-0 mb-auto max-h-none w-full max-w-none overflow-hidden rounded-b-2xl border-0 border-b p-0 shadow-[0_24px_64px_-16px_rgba(12,15,23,0.4)] backdrop:bg-[rgba(12,15,23,0.45)] md:mx-auto md:mt-[12vh] md:w-[min(40rem,calc(100vw-4rem))] md:rounded-2xl md:border motion-safe:transition-[opacity,translate] motion-safe:duration-150 motion-safe:ease-out starting:open:-translate-y-2 starting:open:opacity-0"
    >
      <div className="flex max-h-[85dvh] flex-col md:max-h-[min(36rem,76dvh)]">
        <div className="border-line flex items-center gap-3 border-b px-4">
          <SearchIcon className="text-ink-subtle h-5 w-5 shrink-0" />
          <input
            ref={inputRef}
            type="search"
            role="combobox"
            aria-label={t("search.dialog_label")}
            aria-expanded={q !== ""}
            aria-controls={listboxId}
            aria-activedescendant={active >= 0 && active < optionCount ? optionId(active) : undefined}
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
          <button
            type="button"
            onClick={() => onClose(true)}
            className="text-ink-muted hover:text-ink hover:bg-surface-muted flex h-9 shrink-0 items-center justify-center rounded-md px-2"
          >
            {/* The name is the spoken text; the visible key hint is decoration (its name would not say "close"). */}
            <span className="sr-only">{t("search.dialog_close")}</span>
            <span aria-hidden="true" className="border-line hidden rounded border px-1.5 font-sans text-xs leading-5 md:inline">
              Esc
            </span>
            <CloseIcon className="h-5 w-5 md:hidden" />
          </button>
        </div>

        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
          {!q &&
            (recent.length > 0 ? (
              <section aria-labelledby="search-dialog-recent" className="py-2">
                <h2 id="search-dialog-recent" className="text-ink-subtle px-4 pt-2 pb-1 text-xs font-semibold tracking-wide uppercase">
                  {t("search.dialog_recent")}
                </h2>
                <ul>
                  {recent.map((text) => (
                    <li key={text} className="hover:bg-surface-muted flex items-center">
                      <button
                        type="button"
                        onClick={() => {
                          search(text);
                          inputRef.current?.focus();
                        }}
                        className="flex min-w-0 flex-1 items-center gap-3 px-4 py-2.5 text-left text-[0.9375rem]"
                      >
                        <ClockIcon className="text-ink-subtle h-4 w-4 shrink-0" />
                        <span className="truncate">{text}</span>
                      </button>
                      <button
                        type="button"
                        aria-label={t("search.dialog_remove_recent", { q: text })}
                        onClick={() => {
                          setRecent(removeRecentSearch(text));
                          inputRef.current?.focus();
                        }}
                        className="text-ink-subtle hover:text-ink hover:bg-surface-sunken mr-2 flex h-8 w-8 shrink-0 items-center justify-center rounded-md"
                      >
                        <CloseIcon className="h-4 w-4" />
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : (
              <p className="text-ink-muted px-4 py-6 text-sm">{t("search.dialog_start")}</p>
            ))}

          {q && pending && !answer && <p className="text-ink-muted px-4 pt-4 pb-2 text-sm">{t("search.dialog_loading")}</p>}
          {q && failed && !pending && <p className="text-negative px-4 pt-4 pb-2 text-sm">{t("search.dialog_error")}</p>}
          {q && fresh && answer.total === 0 && <p className="text-ink-muted px-4 pt-4 pb-2 text-sm">{t("search.dialog_empty", { q })}</p>}

          <div
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-label={t("search.dialog_results")}
            aria-busy={pending}
            data-query={answer?.query ?? ""}
            hidden={!q}
            className="py-2"
          >
            {results.map((result, index) => (
              // The link is the option itself (an option may not contain a link); the combobox keeps focus.
              <a
                key={result.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                href={result.url}
                tabIndex={-1}
                onClick={choose}
                onMouseMove={() => setActive(index)}
                className={`flex items-start gap-3 px-4 py-3 ${index === active ? "bg-accent-soft" : ""}`}
              >
                <span className="min-w-0 flex-1">
                  <span className="text-ink-subtle flex items-center gap-2 text-xs font-medium">
                    <span
                      className={`text-accent shrink-0 rounded px-1.5 py-0.5 font-semibold ${index === active ? "bg-surface" : "bg-accent-soft"}`}
                    >
                      {kindLabels[result.kind]}
                    </span>
                    {result.section && <span className="truncate">{result.section}</span>}
                  </span>
                  <span className={`mt-1 line-clamp-2 font-semibold ${index === active ? "text-accent" : ""}`}>
                    <Highlighted segments={result.title} />
                  </span>
                  {result.snippet.length > 0 && (
                    <span className="text-ink-muted mt-0.5 line-clamp-2 text-sm leading-relaxed md:line-clamp-1">
                      <Highlighted segments={result.snippet} />
                    </span>
                  )}
                </span>
                <ArrowRightIcon className={`text-accent mt-6 h-4 w-4 shrink-0 ${index === active ? "" : "invisible"}`} />
              </a>
            ))}
            {q && (
              <a
                id={optionId(results.length)}
                role="option"
                aria-selected={active === results.length}
                href={searchPageHref(q)}
                tabIndex={-1}
                onClick={choose}
                onMouseMove={() => setActive(results.length)}
                className={`border-line text-accent flex items-center gap-3 px-4 py-3 text-sm font-semibold ${results.length ? "mt-1 border-t" : ""} ${active === results.length ? "bg-accent-soft" : ""}`}
              >
                <SearchIcon className="h-4 w-4 shrink-0" />
                <span className="min-w-0 flex-1 truncate">{t("search.dialog_all", { q })}</span>
                <ArrowRightIcon className={`h-4 w-4 shrink-0 ${active === results.length ? "" : "invisible"}`} />
              </a>
            )}
          </div>
        </div>
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </div>
    </dialog>
  );
}
