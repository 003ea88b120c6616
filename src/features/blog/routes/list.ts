import { blogPostsQuery } from "../queries";
import { reshapePostCard } from "../reshape";
import { blogListHref } from "../paths";
import { BlogPage } from "../views/BlogPage";
import { t } from "../../../i18n";
import { defineRoute, PageNotFound } from "../../../router/define";
import { countTags, parseTag, postsPerPage } from "../listing";
import { absolute, organization } from "../../../render/structured-data";
import { parsePage } from "../../../lib/paging";

/** `/blog`: published posts, newest first, filtered by `?tag=` and paginated by `?page=`. */
export default defineRoute({
  operations: [blogPostsQuery],
  View: BlogPage,
  async load({ url, content, config }) {
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
    // Of the newest posts it reads, the page shows this page's cards and every post's tags (the counts).
    const shownSlugs = new Set(posts.map((post) => post.slug));
    content.showOnly?.(blogPostsQuery, { posts: result.posts.filter((post) => shownSlugs.has(post.slug)) }, ["tags"]);

    const data = { posts, tags, tag, page, totalPages, total: matching.length };
    const baseTitle = tag ? t("blog.meta_title_tag", { tag }) : t("blog.title");
    const path = blogListHref({ page, tag });
    return {
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
  },
});
