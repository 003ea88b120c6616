import { blogPostQuery, blogPostsQuery, reshapePost } from "../queries";
import { reshapeImage } from "../../../content/reshape";
import { reshapePostCard } from "../reshape";
import { blogPath, postHref } from "../paths";
import { PostPage } from "../views/PostPage";
import { t } from "../../../i18n";
import { defineRoute, PageNotFound, editableItem } from "../../../router/define";
import { relatedPosts } from "../listing";
import { absolute, organization, shareImage } from "../../../render/structured-data";

/** `/blog/:slug`: one published post with its author and related posts. Drafts are a 404. */
export default defineRoute({
  operations: [blogPostQuery, blogPostsQuery],
  View: PostPage,
  async load({ params, content, config }) {
    const slug = params.slug ?? "";
    if (!slug || slug.length > 200) throw new PageNotFound("post");
    const [result, list] = await Promise.all([content.query(blogPostQuery, { slug }), content.query(blogPostsQuery)]);
    const found = result.posts[0];
    if (!found || found.slug !== slug) throw new PageNotFound("post");

    const post = reshapePost(found, config);
    const all = list.posts.map((card) => reshapePostCard(card, config.apiBaseUrl));
    const data = { post, related: relatedPosts(post, all) };
    // Of the newest posts it reads, the page shows the related ones (chosen by every post's tags).
    const relatedSlugs = new Set(data.related.map((card) => card.slug));
    content.showOnly?.(blogPostsQuery, { posts: list.posts.filter((card) => relatedSlugs.has(card.slug)) }, ["tags"]);
    const path = postHref(post.slug);
    // The cover is the editor's image; a post without one shares the card the CMS drew.
    const image = shareImage(post.cover, reshapeImage(found.share_card, config.apiBaseUrl, post.title));
    const authorUrl = post.author ? absolute(post.author.href, config) : null;
    return {
      data,
      editable: editableItem("posts", found, found.published_at),
      meta: {
        title: post.title,
        description: post.description || t("blog.description"),
        path,
        type: "article",
        image,
        article: post.publishedAt ? { publishedTime: post.publishedAt, author: authorUrl ?? config.name, tags: post.tags } : undefined,
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
              ? {
                  "@type": "Person",
                  name: post.author.name,
                  url: authorUrl,
                  ...(post.author.jobTitle ? { jobTitle: post.author.jobTitle } : {}),
                }
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
  },
});
