import { useRef } from "react";
import type { ApiNavigation } from "../api-reference";
import type { ChangelogLink } from "../../changelog";
import type { DocHeading } from "../types";
import { t } from "../../../i18n";
import type { DocsNavPage, DocsNavSection } from "../tree";
import { ChangesLinks } from "../../changelog";
import { DocsAskBox } from "../../ask";
import { FeedbackSlot } from "../../feedback";
import { DocsSidebar, type DocsCurrent } from "./DocsSidebar";
import { Disclosure } from "./Disclosure";
import { DocsToc } from "./DocsToc";
import { PageActions } from "./PageActions";
import { useDocBehaviours } from "./useDocBehaviours";
import { formatDate } from "../../../ui/format";
import { Prose } from "../../../ui/Prose";
import { useEditable } from "../../../ui/editable";
import { Breadcrumbs } from "./Breadcrumbs";

export interface DocPageData {
  nav: DocsNavSection[];
  /** The API reference's tags and operations (null before a document is published). */
  api: ApiNavigation | null;
  current: DocsCurrent;
  /** Docs › section › parents (the page itself not included). */
  trail: { title: string; href: string }[];
  /** A section's overview page (no article). */
  section: DocsNavSection | null;
  page: {
    title: string;
    description: string;
    html: string;
    headings: DocHeading[];
    readingMinutes: number;
    updatedAt: string | null;
    markdownHref: string;
    /** The page's absolute address (the prompts of "Open in ChatGPT / Claude" name it). */
    url: string;
    /** Changelog entries that concern this page, newest first. */
    changes: ChangelogLink[];
  } | null;
  previous: DocsNavPage | null;
  next: DocsNavPage | null;
}

function Pager({ previous, next }: Pick<DocPageData, "previous" | "next">) {
  if (!previous && !next) return null;
  const card = "border-line hover:border-accent group flex flex-col rounded-xl border px-5 py-4 transition-colors";
  return (
    <nav aria-label={t("docs.pagination_label")} className="mt-14 grid gap-4 sm:grid-cols-2 print:hidden">
      {previous ? (
        <a href={previous.href} rel="prev" className={card}>
          <span className="text-ink-subtle text-sm">← {t("docs.previous")}</span>
          <span className="group-hover:text-accent mt-1 font-semibold">{previous.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a href={next.href} rel="next" className={`${card} sm:text-right`}>
          <span className="text-ink-subtle text-sm">{t("docs.next")} →</span>
          <span className="group-hover:text-accent mt-1 font-semibold">{next.title}</span>
        </a>
      )}
    </nav>
  );
}

function SectionOverview({ section }: { section: DocsNavSection }) {
  return (
    <>
      <h1 className="text-4xl leading-tight font-semibold tracking-tight text-balance">{section.title}</h1>
      {section.description && <p className="text-ink-muted mt-4 text-lg">{section.description}</p>}
      {section.pages.length ? (
        <ul className="mt-10 grid gap-4 sm:grid-cols-2">
          {section.pages.map((page) => (
            <li key={page.id}>
              <a href={page.href} className="border-line hover:border-accent group block h-full rounded-xl border p-5 transition-colors">
                <span className="group-hover:text-accent font-semibold">{page.title}</span>
                {page.description && <span className="text-ink-muted mt-2 block text-sm">{page.description}</span>}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-muted mt-10">{t("docs.empty")}</p>
      )}
    </>
  );
}

/** `/docs/...`: the docs layout (sidebar, article, table of contents) around a page or a section overview. */
export function DocPage({ data }: { data: DocPageData }) {
  const { nav, current, trail, page, section } = data;
  const body = useRef<HTMLDivElement>(null);
  useDocBehaviours(body, page?.html ?? "");
  const edit = useEditable();
  return (
    <div className="container-page lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 xl:grid-cols-[16rem_minmax(0,1fr)_13rem]">
      {/* Plain boxes, not asides: the navigation landmarks inside them are named, extra unnamed landmarks are noise. */}
      <div className="print:hidden">
        {/* Phones and tablets: the tree in a disclosure above the article. */}
        {/* Keyed by page: the menu closes after following one of its links. */}
        <Disclosure key={current.pageId ?? current.sectionId} summary={t("docs.menu")} className="mt-6 lg:hidden">
          <div className="p-2">
            <DocsSidebar nav={nav} current={current} api={data.api} />
          </div>
        </Disclosure>
        <div className="sticky top-0 hidden max-h-screen overflow-y-auto py-10 pr-2 lg:block" data-docs-sidebar>
          <DocsSidebar nav={nav} current={current} api={data.api} />
        </div>
      </div>

      <article className="min-w-0 py-8 md:py-10">
        <Breadcrumbs trail={trail} />
        <div className="mt-5 max-w-[46rem]">
          {section && <SectionOverview section={section} />}
          {page && (
            <>
              <h1
                className="text-[2.125rem] leading-[1.12] font-semibold tracking-tight text-balance md:text-[2.75rem]"
                {...edit("title", { mode: "popover" })}
              >
                {page.title}
              </h1>
              {page.description && (
                <p className="text-ink-muted mt-4 text-lg md:text-xl" {...edit("description", { mode: "popover" })}>
                  {page.description}
                </p>
              )}
              <div className="text-ink-subtle mt-6 text-sm">
                <p>
                  {page.updatedAt && (
                    <>
                      {t("docs.last_updated")} <time dateTime={page.updatedAt}>{formatDate(page.updatedAt)}</time>
                      <span aria-hidden="true"> · </span>
                    </>
                  )}
                  {t("docs.reading_time", { count: page.readingMinutes })}
                </p>
              </div>
              <div className="mt-4">
                <PageActions pageUrl={page.url} markdownHref={page.markdownHref} />
              </div>
              {page.headings.length > 0 && (
                <Disclosure summary={t("docs.toc_title")} className="mt-6 xl:hidden print:hidden">
                  <ul className="px-4 py-3 text-sm">
                    {page.headings.map((heading) => (
                      <li key={heading.id} className={heading.depth === 3 ? "pl-4" : ""}>
                        <a href={`#${heading.id}`} className="text-ink-muted hover:text-ink block py-1">
                          {heading.text}
                        </a>
                      </li>
                    ))}
                  </ul>
                </Disclosure>
              )}
              <div ref={body} className="mt-8" {...edit("body")}>
                <Prose html={page.html} media={false} className="doc-body" />
              </div>
              <ChangesLinks changes={page.changes} />
            </>
          )}
          <DocsAskBox />
          <FeedbackSlot />
          <Pager previous={data.previous} next={data.next} />
        </div>
      </article>

      <div className="hidden xl:block print:hidden">
        <div className="sticky top-0 max-h-screen overflow-y-auto py-10">{page && <DocsToc headings={page.headings} />}</div>
      </div>
    </div>
  );
}
