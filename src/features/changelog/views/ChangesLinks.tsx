import type { ChangelogLink } from "../entries";
import { t } from "../../../i18n";
import { changelogEntryHref } from "../paths";
import { formatDate } from "../../../ui/format";
import { KindBadge } from "./KindBadge";

/** "Changes": the changelog entries that concern a docs page or an API operation, newest first. */
export function ChangesLinks({ changes }: { changes: ChangelogLink[] }) {
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="changes-title" className="border-line mt-14 border-t pt-8 print:hidden">
      <h2 id="changes-title" className="text-lg font-semibold tracking-tight">
        {t("changelog.changes_title")}
      </h2>
      <ul className="mt-4 space-y-3">
        {changes.map((change) => (
          <li key={change.slug} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <KindBadge kind={change.kind} />
            <a href={changelogEntryHref(change.slug)} className="link font-medium">
              {change.title}
            </a>
            {change.date && (
              <time dateTime={change.date} className="text-ink-subtle text-sm">
                {formatDate(change.date)}
              </time>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
