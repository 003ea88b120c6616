import { defineContentType } from "../../content/content-type.server";
import { idOf, itemRead } from "../../content/extensions.server";
import { sitemapQuery } from "../../content/queries/sitemap";
import { authorHref, postHref } from "./paths";
import { offsetChunks } from "../../content/chunks";
import { htmlHeadings, htmlToText } from "../search";
import type { SearchDocument } from "../../content/search-document";
import type { SearchPostsQuery } from "../../content/generated/operations";
import { blogPostPathQuery, blogVersionReads, searchPostsByIdsQuery, searchPostsChunk, searchPostsQuery } from "./queries";

/** A bound on the chunks of posts the search index reads (100,000 posts), so a CMS that ignored `offset` cannot loop forever. */
const maxPostChunks = 200;

/** A post as the search finds it, with its subheadings and tags; none without a title. */
function postDocument(post: SearchPostsQuery["posts"][number]): SearchDocument[] {
  if (!post.title) return [];
  return [
    {
      id: postHref(post.slug),
      kind: "post",
      title: post.title,
      headings: htmlHeadings(post.body) || undefined,
      description:
        [post.description, ...(Array.isArray(post.tags) ? post.tags.filter((tag) => typeof tag === "string") : [])]
          .filter(Boolean)
          .join(" · ") || undefined,
      body: htmlToText(post.body),
      url: postHref(post.slug),
      section: "Blog",
      date: post.published_at ?? undefined,
      item: post.id,
    },
  ];
}

/** Posts: published at `published_at`, an article each, found by the search with their subheadings and tags. */
export const postsContentType = defineContentType({
  collection: "posts",
  status: true,
  publishTimeField: "published_at",
  // The redirects feature's flow redirects a renamed post's old address (redirects/cms/flows.mjs).
  rewritesOnSave: { slug: ["redirects"] },
  async previewPath(content, id) {
    const slug = (await content.query(blogPostPathQuery, { id })).posts_by_id?.slug;
    return slug ? postHref(slug) : null;
  },
  versionedReads: [itemRead("BlogPost", "posts", blogVersionReads.post)],
  sitemap: {
    operation: sitemapQuery,
    urls: (data) => data.posts.map((post) => ({ path: postHref(post.slug), lastmod: post.published_at })),
  },
  // The blog grows to thousands of posts: read a chunk at a time, never all their texts at once.
  search: {
    reads: [searchPostsQuery],
    async *documents(content) {
      const readPosts = (variables: { offset?: number }) => content.query(searchPostsQuery, variables);
      for await (const { posts } of offsetChunks(readPosts, (result) => result.posts, {
        chunkSize: searchPostsChunk,
        maxChunks: maxPostChunks,
      })) {
        for (const post of posts) yield* postDocument(post);
      }
    },
    async *itemDocuments(content, ids) {
      for (const post of (await content.query(searchPostsByIdsQuery, { ids: [...ids] })).posts) yield* postDocument(post);
    },
  },
});

/** Authors: no status (every author is public), a page each. */
export const authorsContentType = defineContentType({
  collection: "authors",
  status: false,
  previewPath: async (_content, id) => authorHref(id),
  versionedReads: [
    {
      query: "BlogAuthor",
      collection: "authors",
      shows: (variables, data, id) => Boolean(data?.authors_by_id) && idOf(variables.id) === id,
      operation: blogVersionReads.author,
      merge: (_, versioned) => (versioned.authors_by_id ? versioned : null),
    },
  ],
  sitemap: { operation: sitemapQuery, urls: (data) => data.authors.map((author) => ({ path: authorHref(author.id) })) },
});
