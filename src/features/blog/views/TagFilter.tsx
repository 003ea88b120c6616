import { t } from "../../../i18n";
import { blogListHref } from "../paths";
import type { TagCount } from "../types";

const chip =
  "inline-flex min-h-9 shrink-0 whitespace-nowrap items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors";
const idle = "border-line-strong bg-surface text-ink-muted hover:border-ink hover:text-ink";
const active = "border-ink bg-ink text-white";

/** Tag chips: each links to the list filtered by it (the filter lives in the query string). */
export function TagFilter({ tags, current }: { tags: TagCount[]; current: string | null }) {
  if (tags.length === 0) return null;
  return (
    <nav aria-label={t("blog.filter_label")}>
      {/* One scrollable row on phones (bleeding to the screen edges), wrapped from 577 px up.
          Positioned, so the counts' screen-reader text is clipped with the row instead of widening the page. */}
      <ul className="relative -mx-5 flex gap-2 -my-1 overflow-x-auto px-5 py-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        <li>
          <a href={blogListHref()} className={`${chip} ${current ? idle : active}`} aria-current={current ? undefined : "page"}>
            {t("blog.all_posts")}
          </a>
        </li>
        {tags.map(({ tag, count }) => {
          const selected = tag === current;
          return (
            <li key={tag}>
              <a
                href={blogListHref({ tag })}
                className={`${chip} ${selected ? active : idle}`}
                aria-current={selected ? "page" : undefined}
              >
                {tag}
                <span className={`text-xs tabular-nums ${selected ? "text-white/70" : "text-ink-subtle"}`}>
                  <span className="sr-only">(</span>
                  {count}
                  <span className="sr-only">)</span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
