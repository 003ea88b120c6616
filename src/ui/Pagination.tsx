import { t } from "../i18n";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";

/** Page numbers to show: first, last, and the current one with its neighbours; gaps as null. */
function pageItems(current: number, total: number): (number | null)[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((page) => page >= 1 && page <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push(null);
    items.push(page);
  });
  return items;
}

const step =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-line-strong px-4 text-[0.9375rem] font-semibold transition-colors";

/**
 * Previous / page numbers / next, as plain links (every page works without JavaScript). The list
 * passes its pages' addresses and the nav's label (what it pages: "Blog pages"). Below a list
 * that ends in a rule of its own (the careers rows), `ruled={false}` leaves out the nav's.
 */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  label,
  ruled = true,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  label: string;
  ruled?: boolean;
}) {
  if (totalPages <= 1) return null;
  const previous = page > 1 ? hrefFor(page - 1) : null;
  const next = page < totalPages ? hrefFor(page + 1) : null;
  return (
    <nav aria-label={label} className={`flex items-center justify-between gap-4 ${ruled ? "border-line mt-14 border-t pt-8" : "mt-8"}`}>
      {previous ? (
        <a href={previous} rel="prev" className={`${step} hover:border-ink`} aria-label={t("pagination.previous_page")}>
          <ChevronLeftIcon /> {t("pagination.previous")}
        </a>
      ) : (
        <span className={`${step} text-ink-subtle border-line cursor-not-allowed opacity-60`} aria-disabled="true">
          <ChevronLeftIcon /> {t("pagination.previous")}
        </span>
      )}

      <p className="text-ink-muted text-sm sm:hidden">{t("pagination.page_of", { page, total: totalPages })}</p>
      <ul className="hidden items-center gap-1 sm:flex">
        {pageItems(page, totalPages).map((item, index) =>
          item === null ? (
            <li key={`gap-${index}`} className="text-ink-subtle px-2" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <a
                href={hrefFor(item)}
                aria-label={t("pagination.page_number", { page: item })}
                aria-current={item === page ? "page" : undefined}
                className={`inline-flex h-11 min-w-11 items-center justify-center rounded-lg px-3 text-[0.9375rem] font-semibold tabular-nums transition-colors ${
                  item === page ? "bg-ink text-white" : "text-ink-muted hover:bg-surface-muted hover:text-ink"
                }`}
              >
                {item}
              </a>
            </li>
          ),
        )}
      </ul>

      {next ? (
        <a href={next} rel="next" className={`${step} hover:border-ink`} aria-label={t("pagination.next_page")}>
          {t("pagination.next")} <ChevronRightIcon />
        </a>
      ) : (
        <span className={`${step} text-ink-subtle border-line cursor-not-allowed opacity-60`} aria-disabled="true">
          {t("pagination.next")} <ChevronRightIcon />
        </span>
      )}
    </nav>
  );
}
