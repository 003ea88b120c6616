import type { MouseEvent, RefObject } from "react";
import { t } from "../../../i18n";
import type { SearchKind } from "../documents";
import type { SearchResult } from "../engine";
import { ArrowRightIcon, SearchIcon } from "../../../ui/icons";
import { Highlighted } from "./Highlighted";
import { listboxId, optionId } from "./use-listbox-navigation";

// Literal keys: the browser build inlines only texts whose keys it can see (scripts/vite/plugins.ts).
const kindLabels: Record<SearchKind, string> = {
  doc: t("search.kind_doc"),
  post: t("search.kind_post"),
  job: t("search.kind_job"),
  event: t("search.kind_event"),
  page: t("search.kind_page"),
};
const searchPageHref = (q: string) => `/search?${new URLSearchParams({ q })}`;

export interface SearchDialogResultsProps {
  listRef: RefObject<HTMLDivElement | null>;
  /** The text in the field, trimmed. */
  q: string;
  /** The query of the answer shown (may be older than `q` while the next one loads). */
  answeredQuery: string;
  results: SearchResult[];
  pending: boolean;
  active: number;
  onActivate: (index: number) => void;
  /** A result chosen, with its position from 0. */
  onChooseResult: (event: MouseEvent<HTMLAnchorElement>, result: SearchResult, index: number) => void;
  onChooseSearchPage: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * The combobox's listbox: the ranked results, then "See all results" leading to the search page.
 * Each option is the link itself (an option may not contain a link); the field keeps focus.
 */
export function SearchDialogResults({
  listRef,
  q,
  answeredQuery,
  results,
  pending,
  active,
  onActivate,
  onChooseResult,
  onChooseSearchPage,
}: SearchDialogResultsProps) {
  return (
    <div
      ref={listRef}
      id={listboxId}
      role="listbox"
      aria-label={t("search.dialog_results")}
      aria-busy={pending}
      data-query={answeredQuery}
      hidden={!q}
      className="py-2"
    >
      {results.map((result, index) => (
        <a
          key={result.id}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          href={result.url}
          tabIndex={-1}
          onClick={(event) => onChooseResult(event, result, index)}
          onMouseMove={() => onActivate(index)}
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
          onClick={onChooseSearchPage}
          onMouseMove={() => onActivate(results.length)}
          className={`border-line text-accent flex items-center gap-3 px-4 py-3 text-sm font-semibold ${results.length ? "mt-1 border-t" : ""} ${active === results.length ? "bg-accent-soft" : ""}`}
        >
          <SearchIcon className="h-4 w-4 shrink-0" />
          <span className="min-w-0 flex-1 truncate">{t("search.dialog_all", { q })}</span>
          <ArrowRightIcon className={`h-4 w-4 shrink-0 ${active === results.length ? "" : "invisible"}`} />
        </a>
      )}
    </div>
  );
}
