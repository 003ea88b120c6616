import type { ApiVersionChanges } from "../api-changes";
import { t } from "../../../i18n";

/**
 * "Breaking changes from v1 to v2" on the entry announcing an API version: each change with its
 * operation, linked to its page in the new version (in the old one when it is gone).
 */
export function BreakingChanges({ changes: { version, previous, changes } }: { changes: ApiVersionChanges }) {
  return (
    <section aria-labelledby="breaking-changes-title" className="border-line mt-12 border-t pt-8" data-api-breaking-changes={version}>
      <h2 id="breaking-changes-title" className="text-xl font-semibold tracking-tight">
        {t("changelog.breaking_title", { previous, version })}
      </h2>
      <p className="text-ink-muted mt-2 text-sm">
        {changes.length ? t("changelog.breaking_intro", { previous, version }) : t("changelog.breaking_none", { previous, version })}
      </p>
      {changes.length > 0 && (
        <ul className="mt-5 space-y-4">
          {changes.map((change) => (
            <li key={`${change.previousHref} ${change.message}`} data-rule={change.rule} data-severity={change.severity}>
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <a href={change.href ?? change.previousHref} className="link font-semibold">
                  {change.operation.summary}
                </a>
                <code className="text-ink-subtle text-sm">
                  {change.operation.method} {change.operation.path}
                </code>
                {!change.href && <span className="text-ink-subtle text-sm">{t("changelog.breaking_in_previous", { previous })}</span>}
                {change.severity === "warning" && (
                  <span className="bg-surface-sunken text-ink-muted rounded px-1.5 text-xs font-semibold">
                    {t("changelog.breaking_warning")}
                  </span>
                )}
              </div>
              <p className="text-ink-muted mt-1">{change.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
