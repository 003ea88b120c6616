import { t } from "../../../i18n";
import { formatDate } from "../../../ui/format";
import type { PostCard as Post } from "../types";
import { Image } from "../../../ui/Image";

/** A blog post in lists: cover, tags, title, description, author and date. */
export function PostCard({ post, headingLevel = 3 }: { post: Post; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="group border-line bg-surface relative flex flex-col overflow-hidden rounded-xl border transition-colors hover:border-line-strong">
      {post.cover ? (
        <Image
          image={post.cover}
          alt=""
          sizes="(min-width: 1081px) 400px, (min-width: 577px) 50vw, 100vw"
          className="bg-surface-sunken aspect-[16/9] w-full object-cover"
        />
      ) : (
        <div className="bg-surface-sunken aspect-[16/9] w-full" aria-hidden="true" />
      )}
      <div className="flex flex-1 flex-col p-5">
        {post.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={t("blog.tags_label")}>
            {post.tags.slice(0, 3).map((tag) => (
              <li key={tag} className="bg-accent-soft text-accent rounded px-2 py-0.5 text-xs font-semibold">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <Heading className="mt-3 text-lg leading-snug font-semibold tracking-tight">
          <a href={post.href} className="after:absolute after:inset-0 group-hover:underline">
            {post.title}
          </a>
        </Heading>
        <p className="text-ink-muted mt-2 line-clamp-3 text-[0.9375rem]">{post.description}</p>
        <div className="text-ink-subtle mt-auto flex items-center gap-2 pt-5 text-sm">
          {post.author && <span className="text-ink font-medium">{post.author.name}</span>}
          {post.author && post.publishedAt && <span aria-hidden="true">·</span>}
          {post.publishedAt && <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>}
        </div>
      </div>
    </article>
  );
}
