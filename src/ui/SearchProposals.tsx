import { t } from "../i18n";
import { SearchIcon } from "./icons";

export interface SearchProposal {
  label: string;
  query: string;
}

/** The search proposal block: a search field and suggested searches from the CMS. */
export function SearchProposals({
  proposals,
  title,
  text,
  query = "",
}: {
  proposals: SearchProposal[];
  title: string;
  text?: string;
  query?: string;
}) {
  return (
    <section aria-labelledby="search-proposals-title" className="border-line bg-surface-muted rounded-2xl border p-6 md:p-10">
      <h2 id="search-proposals-title" className="text-2xl font-semibold tracking-tight md:text-3xl">
        {title}
      </h2>
      {text && <p className="text-ink-muted mt-2">{text}</p>}
      <form action="/search" method="get" role="search" aria-labelledby="search-proposals-title" className="mt-6 flex max-w-2xl gap-2">
        <label htmlFor="search-proposals-q" className="sr-only">
          {t("search.label")}
        </label>
        <div className="relative flex-1">
          <SearchIcon className="text-ink-subtle pointer-events-none absolute top-1/2 left-3.5 h-5 w-5 -translate-y-1/2" />
          <input
            id="search-proposals-q"
            name="q"
            type="search"
            defaultValue={query}
            placeholder={t("search.placeholder")}
            className="border-line-strong bg-surface focus-visible:border-accent h-12 w-full rounded-lg border pr-3 pl-11 text-base"
          />
        </div>
        <button type="submit" className="btn btn-primary h-12">
          {t("search.submit")}
        </button>
      </form>
      {proposals.length > 0 && (
        <div className="mt-6">
          <h3 className="text-ink-subtle text-sm font-semibold">{t("search.proposals_title")}</h3>
          <ul className="mt-3 flex flex-wrap gap-2">
            {proposals.map((proposal) => (
              <li key={proposal.query}>
                <a
                  href={`/search?q=${encodeURIComponent(proposal.query)}`}
                  className="border-line-strong bg-surface hover:border-ink inline-flex rounded-full border px-3.5 py-1.5 text-sm font-medium"
                >
                  {proposal.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
