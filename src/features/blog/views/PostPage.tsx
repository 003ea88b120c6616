import { t } from "../../../i18n";
import { Avatar } from "../../../ui/Avatar";
import { AuthorCard } from "./AuthorCard";
import { blogListHref, blogPath } from "../paths";
import { PostCard } from "./PostCard";
import { Prose } from "../../../ui/Prose";
import type { PostDetail } from "../types";
import { formatDate } from "../../../ui/format";
import type { PostCard as Post } from "../types";
import { ArrowRightIcon } from "../../../ui/icons";
import { Image } from "../../../ui/Image";
import { BackLink } from "../../../ui/BackLink";
import { useEditable } from "../../../ui/editable";

export interface PostPageData {
  post: PostDetail;
  /** Same tags first, then the latest. */
  related: Post[];
}

/** `/blog/:slug`: one article. */
export function PostPage({ data }: { data: PostPageData }) {
  const { post, related } = data;
  const edit = useEditable();
  return (
    <>
      <article>
        <header className="container-page pt-8 md:pt-12">
          <div className="mx-auto max-w-[46rem]">
            <nav aria-label={t("blog.breadcrumb_label")}>
              <BackLink href={blogPath}>{t("blog.back_to_blog")}</BackLink>
            </nav>
            {post.tags.length > 0 && (
              <ul className="mt-8 flex flex-wrap gap-2" aria-label={t("blog.tags_label")}>
                {post.tags.map((tag) => (
                  <li key={tag}>
                    <a
                      href={blogListHref({ tag })}
                      className="bg-accent-soft text-accent hover:bg-accent inline-flex min-h-7 items-center rounded px-2.5 text-xs font-semibold transition-colors hover:text-white"
                    >
                      {tag}
                    </a>
                  </li>
                ))}
              </ul>
            )}
            <h1
              className="mt-4 text-[2.125rem] leading-[1.12] font-semibold tracking-tight text-balance md:text-5xl"
              {...edit("title", { mode: "popover" })}
            >
              {post.title}
            </h1>
            {post.description && (
              <p className="text-ink-muted mt-5 text-lg md:text-xl" {...edit("description", { mode: "popover" })}>
                {post.description}
              </p>
            )}
            <div className="mt-8 flex items-center gap-3">
              {post.author && <Avatar name={post.author.name} image={post.author.avatar} size="sm" />}
              <div className="text-sm leading-snug">
                {post.author && (
                  <a href={post.author.href} className="font-semibold hover:underline hover:underline-offset-4">
                    {post.author.name}
                  </a>
                )}
                <p className="text-ink-subtle">
                  {post.publishedAt && (
                    <>
                      <span className="sr-only">{t("blog.published_on")} </span>
                      <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
                      <span aria-hidden="true"> · </span>
                    </>
                  )}
                  {t("blog.reading_time", { count: post.readingMinutes })}
                </p>
              </div>
            </div>
          </div>
        </header>

        {post.cover && (
          <div className="container-page mt-10 md:mt-12" {...edit("cover")}>
            <Image
              image={post.cover}
              alt=""
              priority
              sizes="(min-width: 1185px) 1120px, (min-width: 769px) calc(100vw - 64px), calc(100vw - 40px)"
              className="bg-surface-sunken border-line mx-auto aspect-[16/9] w-full max-w-[70rem] rounded-2xl border object-cover"
            />
          </div>
        )}

        <div className="container-page mt-10 md:mt-14">
          <div className="mx-auto max-w-[46rem]">
            <div {...edit("body")}>
              <Prose html={post.bodyHtml} />
            </div>
            {post.author && (
              <div className="mt-14">
                <AuthorCard author={post.author} />
              </div>
            )}
          </div>
        </div>
      </article>

      {related.length > 0 && (
        <section aria-labelledby="related-title" className="below-fold container-page mt-16 md:mt-24">
          <div className="border-line border-t pt-12 md:pt-16">
            <div className="flex items-end justify-between gap-4">
              <h2 id="related-title" className="text-2xl font-semibold tracking-tight md:text-3xl">
                {t("blog.related_title")}
              </h2>
              <a href={blogPath} className="link inline-flex shrink-0 items-center gap-1.5 font-semibold">
                {t("blog.all_posts")} <ArrowRightIcon />
              </a>
            </div>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((item, index) => (
                // Two columns between 577 and 1080 px: the third card would sit alone.
                <li key={item.slug} className={index === 2 ? "flex sm:max-lg:hidden" : "flex"}>
                  <PostCard post={item} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
