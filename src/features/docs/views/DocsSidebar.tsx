import { useState } from "react";
import { changelogPath } from "../../changelog";
import { type ApiNavigation, apiOperationHref, apiTagHref, apiVersionRoot } from "../api-reference";
import { t } from "../../../i18n";
import type { DocsNavPage, DocsNavSection } from "../tree";
import { MethodBadge } from "../api-reference";

export interface DocsCurrent {
  sectionId: string;
  pageId: string | null;
  ancestorIds?: string[];
}

function PageLinks({ pages, current, depth }: { pages: DocsNavPage[]; current: DocsCurrent; depth: number }) {
  return (
    <ul className={depth ? "border-line mt-1 ml-3 border-l pl-2" : "mt-1"}>
      {pages.map((page) => {
        const active = page.id === current.pageId;
        return (
          <li key={page.id}>
            <a
              href={page.href}
              aria-current={active ? "page" : undefined}
              className={`block rounded-md px-2.5 py-1.5 text-[0.9375rem] leading-snug transition-colors ${
                active ? "bg-accent-soft text-accent font-semibold" : "text-ink-muted hover:bg-surface-sunken hover:text-ink"
              }`}
            >
              {page.title}
            </a>
            {page.children.length > 0 && <PageLinks pages={page.children} current={current} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The API reference's section id in `DocsCurrent` (its pages are identified by their href). */
const apiSectionId = "api";

const linkClass = (active: boolean) =>
  `block rounded-md px-2.5 py-1.5 text-[0.9375rem] leading-snug transition-colors ${
    active ? "bg-accent-soft text-accent font-semibold" : "text-ink-muted hover:bg-surface-sunken hover:text-ink"
  }`;

/**
 * The API reference: the overview and each tag; the tag being read also lists its operations
 * with their methods (every tag's would be 30+ links on every docs page, twice: phone and desktop).
 */
function ApiLinks({ api, current, version }: { api: ApiNavigation; current: DocsCurrent; version: string | null }) {
  const here = current.sectionId === apiSectionId ? current.pageId : null;
  const overview = apiVersionRoot(version);
  return (
    <ul className="mt-1">
      <li>
        <a href={overview} aria-current={here === overview ? "page" : undefined} className={linkClass(here === overview)}>
          {t("docs.api_overview")}
        </a>
      </li>
      {api.tags.map((tag) => {
        const tagHref = apiTagHref(tag.slug, version);
        const inTag = here === tagHref || (here?.startsWith(`${tagHref}/`) ?? false);
        return (
          <li key={tag.slug}>
            <a href={tagHref} aria-current={here === tagHref ? "page" : undefined} className={linkClass(here === tagHref)}>
              {tag.name}
            </a>
            {inTag && (
              <ul className="border-line mt-1 ml-3 border-l pl-2">
                {tag.operations.map((operation) => {
                  const href = apiOperationHref(tag.slug, operation.slug, version);
                  return (
                    <li key={operation.id}>
                      <a
                        href={href}
                        aria-current={here === href ? "page" : undefined}
                        className={`${linkClass(here === href)} flex items-start gap-2`}
                      >
                        <MethodBadge method={operation.method} />
                        <span className="min-w-0">{operation.summary}</span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The docs tree: one `<details>` per section, the current one open, so it works without
 * JavaScript. On phones it sits inside a disclosure above the article. `apiVersion`: an earlier
 * API version's segment when `api` is that version's navigation (its links go to its pages).
 */
export function DocsSidebar({
  nav,
  current,
  api = null,
  apiVersion = null,
}: {
  nav: DocsNavSection[];
  current: DocsCurrent;
  api?: ApiNavigation | null;
  apiVersion?: string | null;
}) {
  // Sections stay open once opened: following a link never collapses the tree under the reader.
  // (State adjusted while rendering, React's pattern for deriving from a changed prop.)
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([current.sectionId]));
  if (!opened.has(current.sectionId)) setOpened(new Set(opened).add(current.sectionId));
  return (
    <nav aria-label={t("docs.sidebar_label")} className="text-sm">
      <ul className="space-y-1">
        {nav.map((section) => (
          <li key={section.id}>
            <details open={opened.has(section.id)} className="group">
              <summary className="text-ink hover:bg-surface-sunken flex cursor-pointer list-none items-center justify-between rounded-md px-2.5 py-2 font-semibold [&::-webkit-details-marker]:hidden">
                {section.title}
                <svg aria-hidden="true" viewBox="0 0 16 16" className="text-ink-subtle size-4 transition-transform group-open:rotate-90">
                  <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </summary>
              <a
                href={section.href}
                aria-current={current.pageId === null && section.id === current.sectionId ? "page" : undefined}
                className="sr-only focus:not-sr-only focus:block focus:px-2.5 focus:py-1.5"
              >
                {t("docs.section_pages", { section: section.title })}
              </a>
              <PageLinks pages={section.pages} current={current} depth={0} />
            </details>
          </li>
        ))}
        {api && (
          <li>
            <details open={opened.has(apiSectionId)} className="group">
              <summary className="text-ink hover:bg-surface-sunken flex cursor-pointer list-none items-center justify-between rounded-md px-2.5 py-2 font-semibold [&::-webkit-details-marker]:hidden">
                {t("docs.api_reference")}
                <svg aria-hidden="true" viewBox="0 0 16 16" className="text-ink-subtle size-4 transition-transform group-open:rotate-90">
                  <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </summary>
              <ApiLinks api={api} current={current} version={apiVersion} />
            </details>
          </li>
        )}
        <li>
          <a href={changelogPath} className="text-ink hover:bg-surface-sunken block rounded-md px-2.5 py-2 font-semibold">
            {t("changelog.title")}
          </a>
        </li>
      </ul>
    </nav>
  );
}
