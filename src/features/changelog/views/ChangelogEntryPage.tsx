import type { ApiVersionChanges } from "../api-changes";
import type { ChangelogEntry } from "../entries";
import { t } from "../../../i18n";
import { changelogFeedPath, changelogHref, changelogPath } from "../paths";
import { BackLink } from "../../../ui/BackLink";
import { useEditable } from "../../../ui/editable";
import { formatDate } from "../../../ui/format";
import { Prose } from "../../../ui/Prose";
import { RssIcon } from "../../../ui/icons";
import { BreakingChanges } from "./BreakingChanges";
import { KindBadge } from "./KindBadge";

export interface ChangelogEntryPageData {
  entry: ChangelogEntry;
  /** The breaking changes of the API version the entry announces, if it announces one. */
  apiChanges: ApiVersionChanges | null;
}

/** `/changelog/:slug`: one change, with the way back to the list and to its products' changelogs. */
export function ChangelogEntryPage({ data }: { data: ChangelogEntryPageData }) {
  const { entry, apiChanges } = data;
  const edit = useEditable();
  return (
    <article className="container-page pt-8 pb-16 md:pt-12 md:pb-24">
      <div className="mx-auto max-w-[46rem]">
        <nav aria-label={t("changelog.breadcrumb_label")}>
          <BackLink href={changelogPath}>{t("changelog.back_to_list")}</BackLink>
        </nav>
        <div className="mt-8 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
          <KindBadge kind={entry.kind} />
          {entry.date && (
            <time dateTime={entry.date} className="text-ink-subtle">
              {formatDate(entry.date)}
            </time>
          )}
        </div>
        <h1
          className="mt-4 text-[2.125rem] leading-[1.12] font-semibold tracking-tight text-balance md:text-5xl"
          {...edit("title", { mode: "popover" })}
        >
          {entry.title}
        </h1>
        {entry.html && <Prose html={entry.html} className="text-ink-muted mt-8 !text-lg" />}
        {apiChanges && <BreakingChanges changes={apiChanges} />}
        <footer className="border-line mt-12 flex flex-wrap items-center gap-x-6 gap-y-3 border-t pt-6 text-sm">
          {entry.products.map((product) => (
            <a key={product.slug} href={changelogHref({ product: product.slug })} className="link font-semibold">
              {t("changelog.meta_title_product", { product: product.name })}
            </a>
          ))}
          <a href={changelogFeedPath} className="text-ink-muted hover:text-ink inline-flex items-center gap-2 font-semibold sm:ml-auto">
            <RssIcon /> {t("changelog.rss")}
          </a>
        </footer>
      </div>
    </article>
  );
}
