import type { ContentExtensions } from "../../content/extensions.server";
import { postHref } from "./paths";

/** A CMS menu item that points at a post links to the post's page. */
export const blogContent: Partial<ContentExtensions> = {
  menuLinks: { post: (item) => (item.post?.slug ? postHref(item.post.slug) : null) },
};
