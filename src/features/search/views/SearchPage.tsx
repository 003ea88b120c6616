import { t } from "../../../i18n";
import { plural } from "../../../i18n/plural";
import { searchKinds, type SearchKind } from "../documents";
import type { SearchResult } from "../engine";
import { formatDate } from "../../../ui/format";
import { Highlighted } from "./Highlighted";
import { SearchProposals, type SearchProposal } from "../../../ui/SearchProposals";
import { ArrowRightIcon } from "../../../ui/icons";

export interface SearchData {
  q: string;
  kind: SearchKind | null;
  /** The text asked for was longer than `maxLength` and was cut. */
  truncated: boolean;
  maxLength: number;
  proposals: SearchProposal[];
  outcome: {
    results: SearchResult[];
    counts: Record<SearchKind, number>;
    total: number;
    matchedAllTerms: boolean;
  } | null;
}

/** Literal keys: the browser build inlines message texts by key (a key built at run time would not be). */
const kindLabel = (kind: SearchKind): string =>
  ({
    doc: t("search.kind_doc"),
    post: t("search.kind_post"),
    job: t("search.kind_job"),
    event: t("search.kind_event"),
    page: t("search.kind_page"),
  })[kind];

function searchHref(q: string, kind: SearchKind | null): string {
  const params = new URLSearchParams({ q });
  if (kind) params.set("kind", kind);
  return `/search?${params}`;
}

/** All, Docs, Articles, Roles, Events, each with its count; links, so they work without JavaScript. */
function KindFilter({ q, kind, counts }: { q: string; kind: SearchKind | null; counts: Record<SearchKind, number> }) {
  const all = searchKinds.reduce((sum, each) => sum + counts[each], 0);
  const options: { value: SearchKind | null; label: string; count: number }[] = [
    { value: null, label: t("search.all"), count: all },
    { value: "doc", label: t("search.docs"), count: counts.doc },
    { value: "post", label: t("search.articles"), count: counts.post },
    { value: "job", label: t("search.roles"), count: counts.job },
    { value: "event", label: t("search.events"), count: counts.event },
  ];
  return (
    <nav aria-label={t("search.filter_label")} className="mt-6 flex flex-wrap gap-2">
      {options.map((option) => {
        const current = option.value === kind;
        return (
          <a
            key={option.value ?? "all"}
            href={searchHref(q, option.value)}
            aria-current={current ? "page" : undefined}
            className={`inline-flex items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm font-medium ${
              current ? "border-ink bg-ink text-white" : "border-line-strong hover:border-ink"
            }`}
          >
            {option.label}
            <span className={`rounded-full px-2 text-xs font-semibold tabular-nums ${current ? "bg-white/20" : "bg-surface-sunken"}`}>
              {option.count}
            </span>
          </a>
        );
      })}
    </nav>
  );
}

/** `position` (from 1) and the kind are for the analytics script: a click on a result is counted with them. */
function ResultItem({ result, position }: { result: SearchResult; position: number }) {
  return (
    <li>
      <a
        href={result.url}
        data-search-position={position}
        data-search-kind={result.kind}
        className="hover:bg-surface-muted group flex items-start justify-between gap-4 px-5 py-4"
      >
        <span className="min-w-0">
          <span className="text-ink-subtle flex flex-wrap items-center gap-x-2 text-xs font-medium">
            <span className="bg-accent-soft text-accent rounded px-1.5 py-0.5 font-semibold">{kindLabel(result.kind)}</span>
            {result.section && <span className="truncate">{result.section}</span>}
            {result.date && (result.kind === "post" || result.kind === "event") && (
              <time dateTime={result.date}>{formatDate(result.date)}</time>
            )}
          </span>
          <span className="group-hover:text-accent mt-1.5 block font-semibold">
            <Highlighted segments={result.title} />
          </span>
          {result.snippet.length > 0 && (
            <span className="text-ink-muted mt-1 block text-sm leading-relaxed">
              <Highlighted segments={result.snippet} />
            </span>
          )}
        </span>
        <ArrowRightIcon className="text-ink-subtle mt-6 h-4 w-4 shrink-0" />
      </a>
    </li>
  );
}

/** `/search`: the results of the site's search index, filterable by kind, with proposals. */
export function SearchPage({ data }: { data: SearchData }) {
  const { q, kind, outcome } = data;
  const empty = outcome !== null && outcome.total === 0;
  return (
    <div className="container-page py-12 md:py-16">
      <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">{q ? t("search.results_for", { q }) : t("search.title")}</h1>
      {outcome && outcome.total > 0 && <p className="text-ink-muted mt-3 text-lg">{plural("search.result_count", outcome.total)}</p>}
      {data.truncated && (
        <p role="status" className="text-ink-muted mt-3 text-sm">
          {t("search.truncated", { max: data.maxLength })}
        </p>
      )}
      {q && (
        <p className="mt-3 text-sm">
          <a href={`/ask?${new URLSearchParams({ q })}`} className="text-accent font-medium underline-offset-4 hover:underline">
            {t("ask.ask_instead", { q })}
          </a>
        </p>
      )}
      {outcome && <KindFilter q={q} kind={kind} counts={outcome.counts} />}

      {empty && (
        <div className="border-line mt-10 rounded-2xl border border-dashed p-8 text-center md:p-12">
          <h2 className="text-2xl font-semibold tracking-tight">{t("search.empty_title", { q })}</h2>
          <p className="text-ink-muted mx-auto mt-2 max-w-xl">{t("search.empty_text")}</p>
        </div>
      )}

      {outcome && outcome.total > 0 && (
        <section aria-labelledby="search-results-title" className="mt-8">
          <h2 id="search-results-title" className="sr-only">
            {t("search.dialog_results")}
          </h2>
          {!outcome.matchedAllTerms && <p className="text-ink-muted mb-4 text-sm">{t("search.partial")}</p>}
          <ol data-search-query={q} className="border-line divide-line divide-y rounded-xl border">
            {outcome.results.map((result, index) => (
              <ResultItem key={result.id} result={result} position={index + 1} />
            ))}
          </ol>
          {outcome.results.length < outcome.total && (
            <p className="text-ink-subtle mt-3 text-sm">
              {t("search.showing_first", { shown: outcome.results.length, total: outcome.total })}
            </p>
          )}
        </section>
      )}

      <div className="mt-12">
        <SearchProposals
          proposals={data.proposals}
          title={q ? t("search.proposals_title") : t("search.title")}
          text={empty ? undefined : q ? undefined : t("search.start_text")}
          query={q}
        />
      </div>
    </div>
  );
}
