import { authorHref, postHref } from "../../lib/paths/blog";
import { blogPostPathQuery } from "./queries";
import { idOf, itemRead, type ContentExtensions } from "../../content/extensions.server";
import { blogVersionReads } from "./queries";

/** An editor's content version of a post or an author, read in place of the published one. */
export const blogContent: Partial<ContentExtensions> = {
  previewPaths: {
    async posts(content, id) {
      const slug = (await content.query(blogPostPathQuery, { id })).posts_by_id?.slug;
      return slug ? postHref(slug) : null;
    },
    authors: async (_content, id) => authorHref(id),
  },
  versionedReads: [
    itemRead("BlogPost", "posts", blogVersionReads.post),
    {
      query: "BlogAuthor",
      collection: "authors",
      shows: (variables, data, id) => Boolean(data?.authors_by_id) && idOf(variables.id) === id,
      operation: blogVersionReads.author,
      merge: (_, versioned) => (versioned.authors_by_id ? versioned : null),
    },
  ],
};
