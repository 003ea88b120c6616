import { imageUrl } from "../../config/images";
import { sanitizeHtml, type SanitizeOptions } from "../../lib/sanitize-html";
import type { SiteConfig } from "../../config/site";
import { authorHref } from "./paths";
import type { AuthorDetail, AuthorProfile, PostDetail } from "./types";
import type {
  SearchPostsQuery,
  SearchPostsQueryVariables,
  SearchPostsByIdsQuery,
  SearchPostsByIdsQueryVariables,
  BlogAuthorQuery,
  BlogAuthorQueryVariables,
  BlogPostQuery,
  BlogPostQueryVariables,
  BlogPostsQuery,
  BlogPostsQueryVariables,
  BlogPostPathQuery,
  BlogPostPathQueryVariables,
} from "../../content/generated/operations";
import { defineOperation } from "../../content/operation";
import { fileFields } from "../../content/queries/fragments";
import { reshapeAuthor, reshapePostCard } from "./reshape";

/** An author on a post card; a query that spreads it carries FileFields too. */
export const authorCardFields = /* GraphQL */ `
fragment AuthorCardFields on authors {
  id
  first_name
  second_name
  short_description
  linkedin_link
  avatar_url
  avatar { ...FileFields }
}`;

/** A post card (the home page's feed reads it too); a query that spreads it carries AuthorCardFields and FileFields too. */
export const postCardFields = /* GraphQL */ `
fragment PostCardFields on posts {
  id
  slug
  title
  description
  published_at
  tags
  cover { ...FileFields }
  author { ...AuthorCardFields }
}`;

/** How many published posts the blog reads at most (tags are filtered in the loader). */
export const blogPostsLimit = 200;

/** A post as the post page reads it: the card fields, the body and the author's job title. */
type DirectusPost = BlogPostQuery["posts"][number];
/** The author page's author: card fields, job title, bios and posts. */
type DirectusAuthorDetail = NonNullable<BlogAuthorQuery["authors_by_id"]>;
/** An author with the job title (`description`), as the post and author pages read them. */
type DirectusAuthorProfile = NonNullable<DirectusPost["author"]>;

/*
 * `$status` and `$now` are set by the server alone (see content.server.ts): published only and
 * this minute in public, drafts too and no time limit in an editor preview. A draft, or a post
 * whose `published_at` is still ahead (scheduled), is a 404 to the public and visible in a preview.
 */

/**
 * Every published post's card fields, newest first: one cached query behind the list (tag
 * filter and pagination happen in the loader, Directus cannot filter a JSON array), the
 * related posts and the RSS feed.
 */
export const blogPostsQuery = defineOperation<BlogPostsQuery, BlogPostsQueryVariables>(
  /* GraphQL */ `
query BlogPosts($status: [String], $now: String) {
  posts(filter: { status: { _in: $status }, _or: [{ published_at: { _null: true } }, { published_at: { _lte: $now } }] }, sort: ["-published_at"], limit: ${blogPostsLimit}) { ...PostCardFields }
}
${postCardFields}
${authorCardFields}
${fileFields}`,
);

/** The post page's fields, shared by the query by slug and the preview's read of a content version. */
const postDetailFields = `
    ...PostCardFields
    body
    status
    date_updated
    share_card { ...FileFields }
    author { ...AuthorCardFields description }`;

/** One published post by slug, with its body and the author's job title. */
export const blogPostQuery = defineOperation<BlogPostQuery, BlogPostQueryVariables>(
  /* GraphQL */ `
query BlogPost($slug: String!, $status: [String], $now: String) {
  posts(filter: { slug: { _eq: $slug }, status: { _in: $status }, _or: [{ published_at: { _null: true } }, { published_at: { _lte: $now } }] }, limit: 1) {${postDetailFields}
  }
}
${postCardFields}
${authorCardFields}
${fileFields}`,
);

const authorDetailFields = `
    ...AuthorCardFields
    description
    full_description
    full_bio
    date_updated
    posts(filter: { status: { _in: $status }, _or: [{ published_at: { _null: true } }, { published_at: { _lte: $now } }] }, sort: ["-published_at"], limit: ${blogPostsLimit}) { ...PostCardFields }`;

/** One author with the full bio and their published posts, newest first. */
export const blogAuthorQuery = defineOperation<BlogAuthorQuery, BlogAuthorQueryVariables>(
  /* GraphQL */ `
query BlogAuthor($id: ID!, $status: [String], $now: String) {
  authors_by_id(id: $id) {${authorDetailFields}
  }
}
${postCardFields}
${authorCardFields}
${fileFields}`,
);

/**
 * Preview only, never cached or sent by a browser: the same items read from a Directus content
 * version (`version` is its key). Kept out of the module's top-level exports, so the anonymous
 * sweep over every operation (which cannot read versions) and the browser allowlist skip them.
 */
export const blogVersionReads = {
  post: defineOperation<{ posts_by_id: BlogPostQuery["posts"][number] | null }, { id: string; version: string }>(
    /* GraphQL */ `
query BlogPostVersion($id: ID!, $version: String) {
  posts_by_id(id: $id, version: $version) {${postDetailFields}
  }
}
${postCardFields}
${authorCardFields}
${fileFields}`,
  ),
  author: defineOperation<BlogAuthorQuery, { id: string; version: string }>(
    /* GraphQL */ `
query BlogAuthorVersion($id: ID!, $version: String, $status: [String], $now: String) {
  authors_by_id(id: $id, version: $version) {${authorDetailFields}
  }
}
${postCardFields}
${authorCardFields}
${fileFields}`,
  ),
};

/** Preview only: a post's slug by id, for the preview link from the CMS (`collection` + `id`). */
export const blogPostPathQuery = defineOperation<BlogPostPathQuery, BlogPostPathQueryVariables>(
  /* GraphQL */ `
query BlogPostPath($id: ID!) {
  posts_by_id(id: $id) { slug }
}`,
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
  const words = html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 230));
}

export function reshapeAuthorDetail(author: DirectusAuthorDetail, config: Pick<SiteConfig, "url" | "apiBaseUrl">): AuthorDetail {
  return {
    ...reshapeAuthorProfile(author, config.apiBaseUrl),
    fullDescription: author.full_description ?? "",
    bioHtml: sanitizeHtml(author.full_bio, richTextOptions(config)),
  };
}

const publishedPosts = "status: { _in: $status }, _or: [{ published_at: { _null: true } }, { published_at: { _lte: $now } }]";
/** What the search reads of a post, in bulk and by ids alike. */
const searchPostFields = "id slug title description body published_at tags";

/** Posts one query reads while the search index is built (about 0.5 MB of text; the local CMS answers at most 500 rows). */
export const searchPostsChunk = 500;

/**
 * The published posts with their texts, `searchPostsChunk` from `$offset`: the blog is the
 * collection that grows to thousands, so the index build reads it a chunk at a time rather than
 * holding every post's text at once. Server only.
 */
export const searchPostsQuery = defineOperation<SearchPostsQuery, SearchPostsQueryVariables>(
  /* GraphQL */ `
query SearchPosts($status: [String], $now: String, $offset: Int) {
  posts(filter: { ${publishedPosts} }, sort: ["-published_at", "id"], limit: ${searchPostsChunk}, offset: $offset) { ${searchPostFields} }
}`,
  { bulk: true },
);

/** The given posts as the search reads them, when published: a change of a few updates only their documents. Server only. */
export const searchPostsByIdsQuery = defineOperation<SearchPostsByIdsQuery, SearchPostsByIdsQueryVariables>(
  /* GraphQL */ `
query SearchPostsByIds($ids: [GraphQLStringOrFloat], $status: [String], $now: String) {
  posts(filter: { id: { _in: $ids }, ${publishedPosts} }, limit: -1) { ${searchPostFields} }
}`,
  { bulk: true },
);
