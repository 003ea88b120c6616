import { blogAuthorQuery, reshapeAuthorDetail } from "../queries";
import { reshapePostCard } from "../reshape";
import { AuthorPage } from "../views/AuthorPage";
import { t } from "../../../i18n";
import { defineRoute, PageNotFound } from "../../../router/define";
import { absolute, organization, socialImage } from "../../../render/structured-data";

/** `/blog/authors/:id`: an author's profile, full bio and published posts. */
export default defineRoute({
  operations: [blogAuthorQuery],
  View: AuthorPage,
  async load({ params, content, config }) {
    const id = params.id ?? "";
    if (!/^[1-9]\d{0,9}$/.test(id)) throw new PageNotFound("author");
    const result = await content.query(blogAuthorQuery, { id });
    const found = result.authors_by_id;
    if (!found) throw new PageNotFound("author");

    const author = reshapeAuthorDetail(found, config);
    const posts = (found.posts ?? []).flatMap((post) => (post ? [reshapePostCard(post, config.apiBaseUrl)] : []));
    const data = { author, posts };
    const path = author.href;
    const description = author.shortDescription || author.fullDescription || t("blog.author_meta_description", { name: author.name });
    return {
      data,
      editable: { collection: "authors", id: found.id, status: null, updatedAt: found.date_updated ?? null, scheduledFor: null },
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
              ...(author.avatar
                ? {
                    image: absolute(
                      author.avatar.src.startsWith(config.apiBaseUrl) ? socialImage(author.avatar).url : author.avatar.src,
                      config,
                    ),
                  }
                : {}),
              ...(author.linkedin ? { sameAs: [author.linkedin] } : {}),
              worksFor: organization(config),
            },
          },
        ],
      },
    };
  },
});
