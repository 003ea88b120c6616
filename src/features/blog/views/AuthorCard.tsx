import { t } from "../../../i18n";
import { ArrowRightIcon } from "../../../ui/icons";
import { Avatar } from "../../../ui/Avatar";
import { LinkedinLink } from "../../../ui/LinkedinLink";
import type { AuthorProfile } from "../types";

/** 'About the author' under an article: portrait, name, role, one line, LinkedIn, author page. */
export function AuthorCard({ author }: { author: AuthorProfile }) {
  return (
    <section aria-labelledby="about-author" className="border-line bg-surface-muted rounded-2xl border p-6 md:p-8">
      <h2 id="about-author" className="eyebrow">
        {t("blog.about_author")}
      </h2>
      <div className="mt-5 flex items-start gap-4 sm:gap-5">
        <div className="shrink-0">
          <Avatar name={author.name} image={author.avatar} size="md" />
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-lg font-semibold tracking-tight">
            <a href={author.href} className="hover:underline hover:underline-offset-4">
              {author.name}
            </a>
          </p>
          {author.jobTitle && <p className="text-ink-muted text-[0.9375rem]">{author.jobTitle}</p>}
          {author.shortDescription && <p className="mt-3">{author.shortDescription}</p>}
          <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2 text-[0.9375rem] font-semibold">
            <a href={author.href} className="text-accent inline-flex items-center gap-1.5 hover:underline hover:underline-offset-4">
              {t("blog.more_from_author", { name: author.name })} <ArrowRightIcon />
            </a>
            {author.linkedin && (
              <LinkedinLink
                href={author.linkedin}
                name={author.name}
                className="text-ink-muted hover:text-ink inline-flex items-center gap-1.5"
              />
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
