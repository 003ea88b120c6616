import type { FocusEvent, FormEvent, MouseEvent, RefObject } from "react";
import { t } from "../../../i18n";
import { SearchIcon } from "../../../ui/icons";

export interface HeaderSearchHandlers {
  inputRef?: RefObject<HTMLInputElement | null>;
  onFieldFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onFieldActivate?: () => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onIconClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * The header's search: a GET form to /search from md up, the search icon linking to /search on
 * phones. Both work without JavaScript; the island (HeaderSearch.client.tsx) turns them into
 * triggers of the search dialog. Server and browser render this same markup.
 */
export function HeaderSearchControls({ inputRef, onFieldFocus, onFieldActivate, onSubmit, onIconClick }: HeaderSearchHandlers) {
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: the search landmark on the form itself, known to every screen reader (<search> is recent) */}
      <form
        action="/search"
        method="get"
        role="search"
        aria-label={t("search.dialog_label")}
        className="hidden md:block"
        onSubmit={onSubmit}
      >
        <label htmlFor="header-search-q" className="sr-only">
          {t("search.label")}
        </label>
        <div className="relative">
          <SearchIcon className="text-ink-subtle pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2" />
          <input
            ref={inputRef}
            id="header-search-q"
            name="q"
            type="search"
            autoComplete="off"
            placeholder={t("search.field_placeholder")}
            title={t("search.shortcut")}
            aria-keyshortcuts="/ Control+K Meta+K"
            onFocus={onFieldFocus}
            onClick={onFieldActivate}
            onChange={onFieldActivate}
            className="border-line bg-surface-muted text-ink placeholder:text-ink-subtle hover:border-line-strong focus:bg-surface h-10 w-52 rounded-lg border pr-8 pl-8 text-sm transition-colors lg:w-32 xl:w-56 [&::-webkit-search-cancel-button]:hidden"
          />
          <span
            aria-hidden="true"
            className="border-line bg-surface text-ink-subtle pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border px-1.5 font-sans text-xs leading-5"
          >
            /
          </span>
        </div>
      </form>
      <a
        href="/search"
        onClick={onIconClick}
        className="text-ink-muted hover:text-ink hover:bg-surface-muted flex h-10 w-10 items-center justify-center rounded-md md:hidden"
        aria-label={t("nav.search")}
        aria-keyshortcuts="/ Control+K Meta+K"
        data-needs-app
      >
        <SearchIcon />
      </a>
    </>
  );
}
