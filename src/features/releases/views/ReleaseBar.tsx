import { t } from "../../../i18n";
import type { PreviewRelease } from "../../../content/types/site";
import { formatDateTime } from "../../../ui/format";

const stateNames: Record<string, string> = {
  open: "Open",
  in_review: "In review",
  approved: "Approved",
  scheduled: "Scheduled",
  published: "Published",
  failed: "Failed",
  reverted: "Reverted",
};

const actionKeys = {
  version: "preview.release_change_version",
  publish: "preview.release_change_publish",
  unpublish: "preview.release_change_unpublish",
} as const;

/**
 * The second row of an editor's preview bar inside a release: its name, state and time, and its
 * changes, each with a link to the page that shows it (a conflict with the item's main version
 * said beside it), so a reviewer walks the whole launch from one list.
 */
export function ReleaseBar({ release, cmsUrl }: { release: PreviewRelease; cmsUrl: string }) {
  const count = release.changes.length;
  return (
    <div className="border-t border-white/15" data-release={release.id}>
      <div className="container-page flex flex-wrap items-center gap-x-3 gap-y-2 py-2 text-sm">
        <span className="rounded bg-white px-2 py-0.5 text-xs font-bold tracking-wide text-ink uppercase">
          {t("preview.release_label")}
        </span>
        <a
          href={`${cmsUrl}/admin/content/releases/${encodeURIComponent(release.id)}`}
          target="_blank"
          rel="noopener"
          className="font-semibold underline underline-offset-2"
        >
          {release.name}
          <span className="sr-only"> {t("preview.new_tab")}</span>
        </a>
        <span className="rounded border border-white/30 px-2 py-0.5 text-xs font-semibold" data-release-state={release.state}>
          {t("preview.release_state", { state: stateNames[release.state] ?? release.state })}
        </span>
        <span className="text-white/80">
          {release.publishAt ? t("preview.release_at", { date: formatDateTime(release.publishAt) }) : t("preview.release_unscheduled")}
        </span>
        <details className="group w-full md:w-auto">
          <summary className="cursor-pointer font-semibold underline underline-offset-2">
            {count === 1 ? t("preview.release_changes_one") : t("preview.release_changes_other", { count })}
          </summary>
          <ul className="mt-2 grid gap-1.5 pb-1 md:grid-cols-2" aria-label={t("preview.release_label")}>
            {release.changes.map((change) => (
              <li
                key={`${change.collection}:${change.item}`}
                className="flex flex-wrap items-baseline gap-2"
                data-release-change={change.collection}
              >
                <span className="rounded bg-white/10 px-1.5 py-0.5 text-xs font-semibold">{t(actionKeys[change.action])}</span>
                {change.path ? (
                  <a href={change.path} className="underline underline-offset-2">
                    {change.label}
                  </a>
                ) : (
                  <span>
                    {change.label} <span className="text-white/70">({t("preview.release_no_page")})</span>
                  </span>
                )}
                <span className="text-xs text-white/70">{change.collection}</span>
                {change.conflict && (
                  <span className="bg-highlight text-ink rounded px-1.5 py-0.5 text-xs font-bold">{change.conflict}</span>
                )}
              </li>
            ))}
          </ul>
        </details>
      </div>
    </div>
  );
}
