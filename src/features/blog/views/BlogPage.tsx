import { t } from "../../../i18n";
import { plural } from "../../../i18n/plural";
import { RssIcon } from "../../../ui/icons";
import { Pagination } from "../../../ui/Pagination";
import { blogListHref, blogRssPath } from "../paths";
import { PostCard } from "./PostCard";
import { TagFilter } from "./TagFilter";
import type { TagCount } from "../types";
import type { PostCard as Post } from "../types";

export interface BlogPageData {
  /** This page's posts. */
  posts: Post[];
  /** Every tag of the published posts, with counts. */
  tags: TagCount[];
  /** The active tag filter. */
  tag: string | null;
  page: number;
  totalPages: number;
  /** Posts matching the filter, over all pages. */
  total: number;
}

/** `/blog`: the post list with tag chips and pagination. */
export function BlogPage({ data }: { data: BlogPageData }) {
  const { posts, tags, tag, page, totalPages, total } = data;
  return (
    <>
      <section className="border-line bg-surface-muted border-b">
        <div className="container-page pt-12 pb-10 md:pt-16 md:pb-12">
          <div className="flex flex-wrap items-end justify-between gap-6">
            <div className="max-w-2xl">
              <p className="eyebrow">{t("blog.eyebrow")}</p>
              <h1 className="mt-3 text-4xl font-semibold tracking-tight md:text-5xl">{t("blog.title")}</h1>
              <p className="text-ink-muted mt-4 text-lg md:text-xl">{t("blog.description")}</p>
            </div>
            <a href={blogRssPath} className="text-ink-muted hover:text-ink inline-flex items-center gap-2 text-sm font-semibold">
              <RssIcon /> {t("blog.rss")}
            </a>
          </div>
          <div className="mt-8">
            <TagFilter tags={tags} current={tag} />
          </div>
        </div>
      </section>

      <section className="container-page py-10 md:py-14" aria-label={tag ? t("blog.filtered_by", { tag }) : t("blog.all_posts")}>
        <div className="text-ink-muted mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {tag && <span className="text-ink font-semibold">{t("blog.filtered_by", { tag })}</span>}
          <span>{plural("blog.count", total)}</span>
          {totalPages > 1 && (
            <>
              <span aria-hidden="true">·</span>
              <span>{t("blog.page_of", { page, total: totalPages })}</span>
            </>
          )}
          {tag && (
            <a href={blogListHref()} className="link ml-auto font-semibold">
              {t("blog.clear_filter")}
            </a>
          )}
        </div>

        {posts.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post.slug} className="flex">
                <PostCard post={post} headingLevel={2} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="border-line rounded-2xl border border-dashed px-6 py-16 text-center">
            <h2 className="text-xl font-semibold tracking-tight">{t("blog.empty_title")}</h2>
            <p className="text-ink-muted mt-2">{t("blog.empty_text")}</p>
          </div>
        )}

        <Pagination
          page={page}
          totalPages={totalPages}
          hrefFor={(number) => blogListHref({ page: number, tag })}
          label={t("blog.pagination_label")}
        />
      </section>
    </>
  );
}
