import { imageUrl } from "../../config/images";
import { sanitizeHtml, type SanitizeOptions } from "../../lib/sanitize-html";
import type { SiteConfig } from "../../config/site";
import { authorHref } from "../../lib/paths/blog";
import type { AuthorDetail, AuthorProfile, PostDetail } from "../types/blog";
import type {
  BlogAuthorQuery,
  BlogAuthorQueryVariables,
  BlogPostQuery,
  BlogPostQueryVariables,
  BlogPostsQuery,
  BlogPostsQueryVariables,
} from "../generated/operations";
import { defineOperation } from "../operation";
import { reshapeAuthor, reshapePostCard } from "../reshape";
import { authorCardFields, fileFields, postCardFields } from "./fragments";

/** How many published posts the blog reads at most (tags are filtered in the loader). */
export const blogPostsLimit = 200;

/** A post as the post page reads it: the card fields, the body and the author's job title. */
type DirectusPost = BlogPostQuery["posts"][number];
/** The author page's author: card fields, job title, bios and posts. */
type DirectusAuthorDetail = NonNullable<BlogAuthorQuery["authors_by_id"]>;
/** An author with the job title (`description`), as the post and author pages read them. */
type DirectusAuthorProfile = NonNullable<DirectusPost["author"]>;

/*
 * `$status` is set by the server alone (published only, drafts too in an editor preview; see
 * content.server.ts): a draft is a 404 to the public and visible in a preview.
 */

/**
 * Every published post's card fields, newest first: one cached query behind the list (tag
 * filter and pagination happen in the loader, Directus cannot filter a JSON array), the
 * related posts and the RSS feed.
 */
export const blogPostsQuery = defineOperation<BlogPostsQuery, BlogPostsQueryVariables>(
  /* GraphQL */ `
query BlogPosts($status: [String]) {
  posts(filter: { status: { _in: $status } }, sort: ["-published_at"], limit: ${blogPostsLimit}) { ...PostCardFields }
}
${postCardFields}
${authorCardFields}
${fileFields}`,
);

/** One published post by slug, with its body and the author's job title. */
export const blogPostQuery = defineOperation<BlogPostQuery, BlogPostQueryVariables>(
  /* GraphQL */ `
query BlogPost($slug: String!, $status: [String]) {
  posts(filter: { slug: { _eq: $slug }, status: { _in: $status } }, limit: 1) {
    ...PostCardFields
    body
    author { ...AuthorCardFields description }
  }
}
${postCardFields}
${authorCardFields}
${fileFields}`,
);

/** One author with the full bio and their published posts, newest first. */
export const blogAuthorQuery = defineOperation<BlogAuthorQuery, BlogAuthorQueryVariables>(
  /* GraphQL */ `
query BlogAuthor($id: ID!, $status: [String]) {
  authors_by_id(id: $id) {
    ...AuthorCardFields
    description
    full_description
    full_bio
    posts(filter: { status: { _in: $status } }, sort: ["-published_at"], limit: ${blogPostsLimit}) { ...PostCardFields }
  }
}
${postCardFields}
${authorCardFields}
${fileFields}`,
);

/** Widths offered for images inside rich text (the prose column is at most ~720 px wide). */
const richTextImageWidths = [640, 1080, 1920] as const;

/**
 * Sanitiser options for CMS rich text: links to other origins get rel="noopener noreferrer";
 * images are kept only when they are Directus assets, and then go through /_next/image.
 */
export function richTextOptions(config: Pick<SiteConfig, "url" | "apiBaseUrl">): SanitizeOptions {
  const assets = `${config.apiBaseUrl.replace(/\/$/, "")}/assets/`;
  return {
    siteOrigin: config.url,
    image(src) {
      const absolute = src.startsWith("/assets/") ? assets + src.slice("/assets/".length) : src;
      if (!absolute.startsWith(assets)) return null;
      return {
        src: imageUrl(absolute, 1080),
        srcSet: richTextImageWidths.map((width) => `${imageUrl(absolute, width)} ${width}w`).join(", "),
        sizes: "(min-width: 769px) 720px, 100vw",
      };
    },
  };
}

export function reshapeAuthorProfile(author: DirectusAuthorProfile, apiBaseUrl: string): AuthorProfile {
  return {
    ...reshapeAuthor(author, apiBaseUrl),
    href: authorHref(author.id),
    jobTitle: author.description ?? "",
  };
}

export function reshapePost(post: DirectusPost, config: Pick<SiteConfig, "url" | "apiBaseUrl">): PostDetail {
  const card = reshapePostCard(post, config.apiBaseUrl);
  const bodyHtml = sanitizeHtml(post.body, richTextOptions(config));
  return {
    ...card,
    author: post.author ? reshapeAuthorProfile(post.author, config.apiBaseUrl) : null,
    bodyHtml,
    readingMinutes: readingMinutes(bodyHtml),
  };
}

/** Minutes to read an HTML text at about 230 words a minute. */
export function readingMinutes(html: string): number {
  const words = html.replace(/<[^>]*>/g, " ").split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 230));
}

export function reshapeAuthorDetail(author: DirectusAuthorDetail, config: Pick<SiteConfig, "url" | "apiBaseUrl">): AuthorDetail {
  return {
    ...reshapeAuthorProfile(author, config.apiBaseUrl),
    fullDescription: author.full_description ?? "",
    bioHtml: sanitizeHtml(author.full_bio, richTextOptions(config)),
  };
}
