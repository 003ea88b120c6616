import { t } from "../../../i18n";
import { ClockIcon, CloseIcon } from "../../../ui/icons";

/** The dialog's recent searches (an empty field): choose one to search it again, or remove it. */
export function RecentSearches({
  recent,
  onChoose,
  onRemove,
}: {
  recent: string[];
  onChoose: (text: string) => void;
  onRemove: (text: string) => void;
}) {
  if (!recent.length) return <p className="text-ink-muted px-4 py-6 text-sm">{t("search.dialog_start")}</p>;
  return (
    <section aria-labelledby="search-dialog-recent" className="py-2">
      <h2 id="search-dialog-recent" className="text-ink-subtle px-4 pt-2 pb-1 text-xs font-semibold tracking-wide uppercase">
        {t("search.dialog_recent")}
      </h2>
      <ul>
        {recent.map((text) => (
          <li key={text} className="hover:bg-surface-muted flex items-center">
            <button
              type="button"
              onClick={() => onChoose(text)}
              className="flex min-w-0 flex-1 items-center gap-3 px-4 py-2.5 text-left text-[0.9375rem]"
            >
              <ClockIcon className="text-ink-subtle h-4 w-4 shrink-0" />
              <span className="truncate">{text}</span>
            </button>
            <button
              type="button"
              aria-label={t("search.dialog_remove_recent", { q: text })}
              onClick={() => onRemove(text)}
              className="text-ink-subtle hover:text-ink hover:bg-surface-sunken mr-2 flex h-8 w-8 shrink-0 items-center justify-center rounded-md"
            >
              <CloseIcon className="h-4 w-4" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
