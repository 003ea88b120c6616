import type { Context } from "hono";
import { blogPostsQuery } from "../queries";
import { authorName } from "../reshape";
import type { AppEnv } from "../../../env";
import { t } from "../../../i18n";
import { rssResponse } from "../../../render/rss";
import { blogPath, blogRssPath, postHref } from "../paths";

/** Items in the feed: the latest posts. */
const rssItemCount = 20;

/** GET /blog/rss.xml — RSS 2.0 feed of the latest published posts, links absolute from SITE_URL. */
export async function rssFeed(c: Context<AppEnv>): Promise<Response> {
  const { posts } = await c.get("content").query(blogPostsQuery);
  const absolute = (path: string) => new URL(path, c.env.SITE_URL).toString();
  return rssResponse({
    title: t("meta.title_template", { title: t("blog.title"), name: c.env.SITE_NAME }),
    link: absolute(blogPath),
    description: t("blog.description"),
    self: absolute(blogRssPath),
    items: posts.slice(0, rssItemCount).map((post) => ({
      title: post.title ?? post.slug,
      link: absolute(postHref(post.slug)),
      published: post.published_at,
      description: post.description,
      author: post.author ? authorName(post.author) : "",
      categories: Array.isArray(post.tags) ? post.tags.map(String) : [],
    })),
  });
}
