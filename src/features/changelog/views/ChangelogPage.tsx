import { changelogKinds, type ChangelogEntry, type ChangelogFilters, type ChangelogProduct } from "../entries";
import { t } from "../../../i18n";
import { plural } from "../../../i18n/plural";
import { changelogEntryHref, changelogFeedPath, changelogHref, changelogProductFeedPath } from "../paths";
import { KindBadge, kindLabel } from "./KindBadge";
import { formatDate } from "../../../ui/format";
import { Prose } from "../../../ui/Prose";
import { RssIcon } from "../../../ui/icons";

export interface ChangelogPageData {
  /** The entries matching the filters, newest first. */
  entries: ChangelogEntry[];
  /** Every product the entries name, with counts. */
  products: (ChangelogProduct & { count: number })[];
  filters: ChangelogFilters;
  /** The filtered product's name. */
  productName: string | null;
  /** Entries without filters. */
  total: number;
}

const chip =
  "inline-flex min-h-9 shrink-0 whitespace-nowrap items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors";
const idle = "border-line-strong bg-surface text-ink-muted hover:border-ink hover:text-ink";
const active = "border-ink bg-ink text-white";

/** One row of filter links; each keeps the other filter (plain links: they work without JavaScript). */
function FilterRow({
  label,
  options,
}: {
  label: string;
  options: { key: string; text: string; href: string; selected: boolean; count?: number }[];
}) {
  return (
    <nav aria-label={label} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      <span className="text-ink-subtle w-20 shrink-0 text-sm font-semibold" aria-hidden="true">
        {label}
      </span>
      {/* Wrapped at every width: a sideways-scrolling row of chips widened the whole page on phones. */}
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => (
          <li key={option.key}>
            <a
              href={option.href}
              className={`${chip} ${option.selected ? active : idle}`}
              aria-current={option.selected ? "page" : undefined}
            >
              {option.text}
              {option.count !== undefined && (
                <span className={`text-xs tabular-nums ${option.selected ? "text-white/70" : "text-ink-subtle"}`}>
                  <span className="sr-only">(</span>
                  {option.count}
                  <span className="sr-only">)</span>
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Entry({ entry }: { entry: ChangelogEntry }) {
  return (
    <li
      id={entry.slug}
      className="border-line scroll-mt-24 border-t py-10 first:border-t-0 first:pt-0 md:grid md:grid-cols-[11rem_minmax(0,1fr)] md:gap-10"
    >
      <div className="text-ink-subtle mb-3 text-sm md:mb-0 md:pt-1">
        {entry.date && <time dateTime={entry.date}>{formatDate(entry.date)}</time>}
      </div>
      <article className="max-w-[46rem] min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <KindBadge kind={entry.kind} />
          {entry.products.map((product) => (
            <a
              key={product.slug}
              href={changelogHref({ product: product.slug })}
              className="text-ink-muted hover:text-ink text-sm font-medium"
            >
              {product.name}
            </a>
          ))}
        </div>
        <h2 className="mt-3 text-2xl leading-snug font-semibold tracking-tight">
          <a href={changelogEntryHref(entry.slug)} className="hover:text-accent">
            {entry.title}
          </a>
        </h2>
        {entry.html && <Prose html={entry.html} className="text-ink-muted mt-4 !text-base" />}
      </article>
    </li>
  );
}

/** `/changelog`: what changed, newest first, filtered by product and kind with plain links. */
export function ChangelogPage({ data }: { data: ChangelogPageData }) {
  const { entries, products, filters, productName } = data;
  const feed = filters.product ? changelogProductFeedPath(filters.product) : changelogFeedPath;
  const filtered = Boolean(filters.product || filters.kind);
  return (
    <>
      <section className="border-line bg-surface-muted border-b">
        <div className="container-page pt-12 pb-10 md:pt-16 md:pb-12">
          <div className="flex flex-wrap items-end justify-between gap-6">
            <div className="max-w-2xl">
              <p className="eyebrow">{t("changelog.eyebrow")}</p>
              <h1 className="mt-3 text-4xl font-semibold tracking-tight md:text-5xl">
                {productName ? t("changelog.meta_title_product", { product: productName }) : t("changelog.title")}
              </h1>
              <p className="text-ink-muted mt-4 text-lg md:text-xl">{t("changelog.intro")}</p>
            </div>
            <a href={feed} className="text-ink-muted hover:text-ink inline-flex items-center gap-2 text-sm font-semibold">
              <RssIcon /> {productName ? t("changelog.rss_product", { product: productName }) : t("changelog.rss")}
            </a>
          </div>
          <div className="mt-8 space-y-3">
            <FilterRow
              label={t("changelog.filter_product")}
              options={[
                { key: "", text: t("changelog.all_products"), href: changelogHref({ kind: filters.kind }), selected: !filters.product },
                ...products.map((product) => ({
                  key: product.slug,
                  text: product.name,
                  count: product.count,
                  href: changelogHref({ product: product.slug, kind: filters.kind }),
                  selected: product.slug === filters.product,
                })),
              ]}
            />
            <FilterRow
              label={t("changelog.filter_kind")}
              options={[
                { key: "", text: t("changelog.all_kinds"), href: changelogHref({ product: filters.product }), selected: !filters.kind },
                ...changelogKinds.map((kind) => ({
                  key: kind,
                  text: kindLabel(kind),
                  href: changelogHref({ product: filters.product, kind }),
                  selected: kind === filters.kind,
                })),
              ]}
            />
          </div>
        </div>
      </section>

      <section className="container-page py-10 md:py-14" aria-label={t("changelog.entries_label")}>
        <div className="text-ink-muted mb-8 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span>{plural("changelog.count", entries.length)}</span>
          {filtered && (
            <a href={changelogHref()} className="link ml-auto font-semibold">
              {t("changelog.clear_filters")}
            </a>
          )}
        </div>
        {entries.length > 0 ? (
          <ol>
            {entries.map((entry) => (
              <Entry key={entry.slug} entry={entry} />
            ))}
          </ol>
        ) : (
          <div className="border-line rounded-2xl border border-dashed px-6 py-16 text-center">
            <h2 className="text-xl font-semibold tracking-tight">{t("changelog.empty_title")}</h2>
            <p className="text-ink-muted mt-2">{t("changelog.empty_text")}</p>
          </div>
        )}
      </section>
    </>
  );
}
