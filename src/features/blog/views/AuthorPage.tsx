import { t } from "../../../i18n";
import { plural } from "../../../i18n/plural";
import { Avatar } from "../../../ui/Avatar";
import { LinkedinLink } from "../../../ui/LinkedinLink";
import { blogPath } from "../paths";
import { PostCard } from "./PostCard";
import { Prose } from "../../../ui/Prose";
import type { AuthorDetail } from "../types";
import type { PostCard as Post } from "../types";
import { BackLink } from "../../../ui/BackLink";
import { useEditable } from "../../../ui/editable";

export interface AuthorPageData {
  author: AuthorDetail;
  /** Their published posts, newest first. */
  posts: Post[];
}

/** `/blog/authors/:id`: an author's profile, biography and posts. */
export function AuthorPage({ data }: { data: AuthorPageData }) {
  const { author, posts } = data;
  const lead = author.fullDescription || author.shortDescription;
  const edit = useEditable();
  return (
    <>
      <section className="border-line bg-surface-muted border-b">
        <div className="container-page pt-8 pb-12 md:pt-12 md:pb-16">
          <nav aria-label={t("blog.breadcrumb_label")}>
            <BackLink href={blogPath}>{t("blog.back_to_blog")}</BackLink>
          </nav>
          <div className="mt-8 flex flex-col gap-6 md:flex-row md:items-center md:gap-10">
            <Avatar name={author.name} image={author.avatar} size="lg" />
            <div className="max-w-3xl">
              <p className="eyebrow">{t("blog.author_eyebrow")}</p>
              <h1
                className="mt-2 text-4xl font-semibold tracking-tight md:text-5xl"
                {...edit(["first_name", "second_name"], { mode: "popover" })}
              >
                {author.name}
              </h1>
              {author.jobTitle && <p className="text-ink-muted mt-2 text-lg">{author.jobTitle}</p>}
              {lead && (
                <p
                  className="mt-5 text-lg"
                  {...edit(author.fullDescription ? "full_description" : "short_description", { mode: "popover" })}
                >
                  {lead}
                </p>
              )}
              {author.linkedin && <LinkedinLink href={author.linkedin} name={author.name} className="btn btn-secondary mt-6" />}
            </div>
          </div>
        </div>
      </section>

      {author.bioHtml && (
        <section aria-labelledby="author-bio" className="container-page pt-12 md:pt-16">
          <div className="grid gap-4 lg:grid-cols-[16rem_1fr] lg:gap-12">
            <h2 id="author-bio" className="text-2xl font-semibold tracking-tight">
              {t("blog.author_bio_title")}
            </h2>
            <div {...edit("full_bio")}>
              <Prose html={author.bioHtml} className="max-w-[46rem]" />
            </div>
          </div>
        </section>
      )}

      <section aria-labelledby="author-posts" className="container-page py-12 md:py-16">
        <div className="border-line flex flex-wrap items-end justify-between gap-x-4 gap-y-1 border-t pt-12 md:pt-16">
          <h2 id="author-posts" className="text-2xl font-semibold tracking-tight md:text-3xl">
            {t("blog.author_posts_title", { name: author.name })}
          </h2>
          <p className="text-ink-muted text-sm">{plural("blog.count", posts.length)}</p>
        </div>
        {posts.length > 0 ? (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post.slug} className="flex">
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-muted mt-6">{t("blog.author_posts_empty", { name: author.name })}</p>
        )}
      </section>
    </>
  );
}
