import { t } from "../../../../i18n";
import type { ApiPageCommon } from "../page";

/**
 * The version picker of every API page: links to this page in each version (or that version's
 * overview when it has no such page), the latest marked. A `<details>` of plain links, so it
 * works before and without JavaScript.
 */
export function ApiVersionPicker({ page }: { page: ApiPageCommon }) {
  if (page.versions.length < 2) return null;
  return (
    <details className="group relative text-sm" data-api-versions>
      <summary className="border-line hover:border-accent flex cursor-pointer list-none items-center gap-2 rounded-lg border px-3 py-1.5 [&::-webkit-details-marker]:hidden">
        <span>{t("docs.api_version_picker", { version: page.apiVersion })}</span>
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3 transition-transform group-open:rotate-180">
          <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </summary>
      <nav
        aria-label={t("docs.api_version_choose")}
        className="border-line bg-surface absolute left-0 z-20 mt-2 min-w-44 rounded-lg border p-1 sm:right-0 sm:left-auto"
      >
        <ul>
          {page.versions.map((version) => (
            <li key={version.name}>
              <a
                href={version.href}
                aria-current={version.current ? "page" : undefined}
                data-api-version={version.name}
                className={`hover:bg-surface-muted flex items-baseline justify-between gap-4 rounded-md px-3 py-1.5 ${version.current ? "text-accent font-semibold" : ""}`}
              >
                <span className="font-mono">{version.name}</span>
                {version.latest && <span className="text-ink-subtle text-xs">{t("docs.api_version_latest")}</span>}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

/** On an earlier version's page: which version this is, and the same page in the latest. */
export function ApiVersionNotice({ page }: { page: ApiPageCommon }) {
  if (!page.latest) return null;
  const { latest } = page;
  return (
    <p role="note" className="border-line bg-surface-muted mt-5 rounded-lg border px-4 py-3 text-sm" data-api-version-notice>
      {t("docs.api_version_notice", { version: page.apiVersion, latest: latest.name })}{" "}
      <a href={latest.href ?? latest.rootHref} className="text-accent font-medium underline underline-offset-4">
        {latest.href
          ? t("docs.api_version_notice_same", { latest: latest.name })
          : t("docs.api_version_notice_gone", { latest: latest.name })}
      </a>
    </p>
  );
}
