import { defineContentType } from "../../content/content-type.server";
import { idOf, itemRead } from "../../content/extensions.server";
import { sitemapQuery } from "../../content/queries/sitemap";
import { authorHref, postHref } from "../../lib/paths/blog";
import { blogPostPathQuery, blogVersionReads } from "./queries";

/** Posts: published at `published_at`, an article each, in the search index (built by the search feature). */
export const postsContentType = defineContentType({
  collection: "posts",
  status: true,
  publishTimeField: "published_at",
  async previewPath(content, id) {
    const slug = (await content.query(blogPostPathQuery, { id })).posts_by_id?.slug;
    return slug ? postHref(slug) : null;
  },
  versionedReads: [itemRead("BlogPost", "posts", blogVersionReads.post)],
  sitemap: {
    operation: sitemapQuery,
    urls: (data) => data.posts.map((post) => ({ path: postHref(post.slug), lastmod: post.published_at })),
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
