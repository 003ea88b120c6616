import type { ReactNode } from "react";
import { t } from "../../i18n";
import { plural } from "../../i18n/plural";
import { PostCard } from "../blog/PostCard";
import { formatDate } from "../format";
import { SearchProposals, type SearchProposal } from "../search/SearchProposals";
import type { EventCard, PostCard as Post } from "../../content/types/site";
import { ArrowRightIcon } from "../ui/icons";

export interface SearchJobResult {
  href: string;
  role: string;
  details: string[];
}

export interface SearchData {
  q: string;
  proposals: SearchProposal[];
  results: {
    posts: Post[];
    postCount: number;
    jobs: SearchJobResult[];
    jobCount: number;
    events: EventCard[];
    eventCount: number;
  } | null;
}

export function SearchPage({ data }: { data: SearchData }) {
  const { q, results } = data;
  const total = results ? results.postCount + results.jobCount + results.eventCount : 0;
  return (
    <div className="container-page py-12 md:py-16">
      <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">{q ? t("search.results_for", { q }) : t("search.title")}</h1>
      {results && total > 0 && (
        <p className="text-ink-muted mt-3 text-lg">
          {t("search.summary", { posts: results.postCount, roles: results.jobCount, events: results.eventCount })}
        </p>
      )}
      {results && (
        <nav aria-label={t("search.title")} className="mt-6 flex flex-wrap gap-2">
          <CountLink href="#results-articles" label={t("search.articles")} count={results.postCount} />
          <CountLink href="#results-roles" label={t("search.roles")} count={results.jobCount} />
          <CountLink href="#results-events" label={t("search.events")} count={results.eventCount} />
        </nav>
      )}

      {results && total === 0 && (
        <div className="border-line mt-10 rounded-2xl border border-dashed p-8 text-center md:p-12">
          <h2 className="text-2xl font-semibold tracking-tight">{t("search.empty_title", { q })}</h2>
          <p className="text-ink-muted mx-auto mt-2 max-w-xl">{t("search.empty_text")}</p>
        </div>
      )}

      {results && results.postCount > 0 && (
        <ResultSection id="results-articles" title={t("search.articles")} shown={results.posts.length} total={results.postCount}>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {results.posts.map((post) => (
              <li key={post.slug} className="flex">
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        </ResultSection>
      )}

      {results && results.jobCount > 0 && (
        <ResultSection id="results-roles" title={t("search.roles")} shown={results.jobs.length} total={results.jobCount}>
          <p className="text-ink-muted -mt-2 mb-4 text-sm">{plural("careers.count", results.jobCount)}</p>
          <ul className="border-line divide-line divide-y rounded-xl border">
            {results.jobs.map((job) => (
              <ResultRow key={job.href} href={job.href} title={job.role}>
                {job.details.join(" · ")}
              </ResultRow>
            ))}
          </ul>
        </ResultSection>
      )}

      {results && results.eventCount > 0 && (
        <ResultSection id="results-events" title={t("search.events")} shown={results.events.length} total={results.eventCount}>
          <ul className="border-line divide-line divide-y rounded-xl border">
            {results.events.map((event) => (
              <ResultRow key={event.slug} href={event.href} title={event.title}>
                <time dateTime={event.startAt}>{formatDate(event.startAt)}</time>
                {" · "}
                {event.online ? t("search.online") : event.location}
              </ResultRow>
            ))}
          </ul>
        </ResultSection>
      )}

      <div className="mt-12">
        <SearchProposals
          proposals={data.proposals}
          title={q ? t("search.proposals_title") : t("search.title")}
          text={results && total === 0 ? undefined : q ? undefined : t("search.start_text")}
          query={q}
        />
      </div>
    </div>
  );
}

/** One role or event in the results: title, one line of details, an arrow. */
function ResultRow({ href, title, children }: { href: string; title: string; children: ReactNode }) {
  return (
    <li>
      <a href={href} className="hover:bg-surface-muted flex items-center justify-between gap-4 px-5 py-4">
        <span>
          <span className="block font-semibold">{title}</span>
          <span className="text-ink-muted text-sm">{children}</span>
        </span>
        <ArrowRightIcon className="text-ink-subtle h-4 w-4 shrink-0" />
      </a>
    </li>
  );
}

function CountLink({ href, label, count }: { href: string; label: string; count: number }) {
  return (
    <a
      href={href}
      className="border-line-strong hover:border-ink inline-flex items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm font-medium"
    >
      {label}
      <span className="bg-surface-sunken rounded-full px-2 text-xs font-semibold tabular-nums">{count}</span>
    </a>
  );
}

function ResultSection({ id, title, shown, total, children }: { id: string; title: string; shown: number; total: number; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-12 scroll-mt-24">
      <h2 id={`${id}-title`} className="mb-4 text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
      {shown < total && <p className="text-ink-subtle mt-3 text-sm">{t("search.showing_first", { shown, total })}</p>}
    </section>
  );
}
