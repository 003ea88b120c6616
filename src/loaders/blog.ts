import { allowedWidths, imageUrl } from "../config/images";
import {
  blogAuthorQuery,
  blogPostQuery,
  blogPostsQuery,
  reshapeAuthorDetail,
  reshapePost,
} from "../content/queries/blog";
import { reshapePostCard } from "../content/reshape";
import { t } from "../i18n";
import type { SocialImage } from "../render/meta";
import { blogListHref, blogPath, postHref } from "../views/blog/paths";
import type { TagCount } from "../views/blog/types";
import type { AuthorPageData } from "../views/pages/AuthorPage";
import type { BlogPageData } from "../views/pages/BlogPage";
import type { PostPageData } from "../views/pages/PostPage";
import type { ImageRef, PostCard } from "../views/site";
import { PageNotFound, type LoadedPage, type LoaderArgs, type SiteConfig } from "./types";

/** Posts per page of /blog (a 3 by 3 grid on wide screens). */
export const postsPerPage = 9;
/** Related posts under an article. */
export const relatedPostsCount = 3;

/** `?page=` as a page number: absent is 1; anything but a plain positive integer is null. */
export function parsePage(value: string | null): number | null {
  if (value === null) return 1;
  return /^[1-9]\d{0,4}$/.test(value) ? Number(value) : null;
}

/** `?tag=` as the stored tags are: trimmed, lower-case; empty is no filter. */
export function parseTag(value: string | null): string | null {
  const tag = value?.trim().toLowerCase();
  return tag ? tag : null;
}

/** Tags of the posts with how often each occurs, most used first, then by name. */
export function countTags(posts: PostCard[]): TagCount[] {
  const counts = new Map<string, number>();
  for (const post of posts) for (const tag of new Set(post.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}

/** Posts sharing most tags with `post` first, then the latest (the list is newest first). */
export function relatedPosts(post: Pick<PostCard, "slug" | "tags">, all: PostCard[], count = relatedPostsCount): PostCard[] {
  const tags = new Set(post.tags);
  return all
    .filter((candidate) => candidate.slug !== post.slug)
    .map((candidate, index) => ({ candidate, index, shared: candidate.tags.filter((tag) => tags.has(tag)).length }))
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .slice(0, count)
    .map(({ candidate }) => candidate);
}

const absolute = (path: string, config: SiteConfig) => new URL(path, config.url).toString();

/** A CMS image as a share image: through /_next/image at up to 1200 px, with its real size. */
export function socialImage(image: ImageRef): SocialImage {
  const fitting = allowedWidths.filter((width) => width <= Math.min(1200, image.width));
  const width = fitting.length ? fitting[fitting.length - 1]! : allowedWidths[0]!;
  return { url: imageUrl(image.src, width), width, height: Math.round((width * image.height) / image.width), alt: image.alt };
}

const organization = (config: SiteConfig) => ({
  "@type": "Organization",
  name: config.name,
  url: config.url,
  logo: absolute("/favicon.svg", config),
});

/** `/blog`: published posts, newest first, filtered by `?tag=` and paginated by `?page=`. */
export async function loadBlog({ url, content, config }: LoaderArgs): Promise<LoadedPage> {
  const page = parsePage(url.searchParams.get("page"));
  const tag = parseTag(url.searchParams.get("tag"));
  if (page === null) throw new PageNotFound("blog page");

  const result = await content.query(blogPostsQuery);
  const all = result.posts.map((post) => reshapePostCard(post, config.apiBaseUrl));
  const tags = countTags(all);
  if (tag && !tags.some((entry) => entry.tag === tag)) throw new PageNotFound("blog tag");

  const matching = tag ? all.filter((post) => post.tags.includes(tag)) : all;
  const totalPages = Math.max(1, Math.ceil(matching.length / postsPerPage));
  if (page > totalPages) throw new PageNotFound("blog page");
  const posts = matching.slice((page - 1) * postsPerPage, page * postsPerPage);

  const data: BlogPageData = { posts, tags, tag, page, totalPages, total: matching.length };
  const baseTitle = tag ? t("blog.meta_title_tag", { tag }) : t("blog.title");
  const path = blogListHref({ page, tag });
  return {
    view: "blog",
    data,
    meta: {
      title: page > 1 ? t("blog.meta_title_page", { title: baseTitle, page }) : baseTitle,
      description: t("blog.description"),
      path,
      // Filtered lists beyond their first page only repeat posts found elsewhere.
      noindex: Boolean(tag && page > 1),
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Blog",
          name: t("blog.title"),
          description: t("blog.description"),
          url: absolute(path, config),
          publisher: organization(config),
          blogPost: posts.map((post) => ({
            "@type": "BlogPosting",
            headline: post.title,
            url: absolute(post.href, config),
            ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
          })),
        },
      ],
    },
  };
}

/** `/blog/:slug`: one published post with its author and related posts. Drafts are a 404. */
export async function loadPost({ params, content, config }: LoaderArgs): Promise<LoadedPage> {
  const slug = params.slug ?? "";
  if (!slug || slug.length > 200) throw new PageNotFound("post");
  const [result, list] = await Promise.all([content.query(blogPostQuery, { slug }), content.query(blogPostsQuery)]);
  const found = result.posts[0];
  if (!found || found.slug !== slug) throw new PageNotFound("post");

  const post = reshapePost(found, config);
  const all = list.posts.map((card) => reshapePostCard(card, config.apiBaseUrl));
  const data: PostPageData = { post, related: relatedPosts(post, all) };
  const path = postHref(post.slug);
  const image = post.cover ? socialImage(post.cover) : undefined;
  const authorUrl = post.author ? absolute(post.author.href, config) : null;
  return {
    view: "post",
    data,
    meta: {
      title: post.title,
      description: post.description || t("blog.description"),
      path,
      type: "article",
      image,
      article: post.publishedAt
        ? { publishedTime: post.publishedAt, author: authorUrl ?? config.name, tags: post.tags }
        : undefined,
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.description,
          url: absolute(path, config),
          mainEntityOfPage: { "@type": "WebPage", "@id": absolute(path, config) },
          ...(image ? { image: [absolute(image.url, config)] } : {}),
          ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
          ...(post.tags.length ? { keywords: post.tags.join(", ") } : {}),
          author: post.author
            ? { "@type": "Person", name: post.author.name, url: authorUrl, ...(post.author.jobTitle ? { jobTitle: post.author.jobTitle } : {}) }
            : organization(config),
          publisher: organization(config),
        },
        {
          "@context": "https://schema.org",
          "@type": "BreadcrumbList",
          itemListElement: [
            { "@type": "ListItem", position: 1, name: config.name, item: absolute("/", config) },
            { "@type": "ListItem", position: 2, name: t("blog.title"), item: absolute(blogPath, config) },
            { "@type": "ListItem", position: 3, name: post.title, item: absolute(path, config) },
          ],
        },
      ],
    },
  };
}

/** `/blog/authors/:id`: an author's profile, full bio and published posts. */
export async function loadAuthor({ params, content, config }: LoaderArgs): Promise<LoadedPage> {
  const id = params.id ?? "";
  if (!/^[1-9]\d{0,9}$/.test(id)) throw new PageNotFound("author");
  const result = await content.query(blogAuthorQuery, { id });
  const found = result.authors_by_id;
  if (!found) throw new PageNotFound("author");

  const author = reshapeAuthorDetail(found, config);
  const posts = (found.posts ?? []).map((post) => reshapePostCard(post, config.apiBaseUrl));
  const data: AuthorPageData = { author, posts };
  const path = author.href;
  const description =
    author.shortDescription || author.fullDescription || t("blog.author_meta_description", { name: author.name });
  return {
    view: "author",
    data,
    meta: {
      title: author.name,
      description,
      path,
      type: "profile",
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "ProfilePage",
          url: absolute(path, config),
          mainEntity: {
            "@type": "Person",
            name: author.name,
            url: absolute(path, config),
            ...(author.jobTitle ? { jobTitle: author.jobTitle } : {}),
            ...(description ? { description } : {}),
            ...(author.avatar ? { image: absolute(author.avatar.src.startsWith(config.apiBaseUrl) ? socialImage(author.avatar).url : author.avatar.src, config) } : {}),
            ...(author.linkedin ? { sameAs: [author.linkedin] } : {}),
            worksFor: organization(config),
          },
        },
      ],
    },
  };
}
