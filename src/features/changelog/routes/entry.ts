import { announcedApiVersion, apiBreakingChangesQuery } from "../api-changes";
import { entrySummary, reshapeChangelogEntry } from "../entries";
import { changelogEntryQuery } from "../queries";
import { reshapeImage } from "../../../content/reshape";
import { t } from "../../../i18n";
import { changelogEntryHref } from "../paths";
import { absolute, organization, shareImage } from "../../../render/structured-data";
import { defineRoute, editableItem, PageNotFound } from "../../../router/define";
import { ChangelogEntryPage } from "../views/ChangelogEntryPage";

/**
 * `/changelog/:slug`: one entry on a page of its own, so a link to it can be shared with its own
 * card (the one the CMS drew when it was published). The list keeps every entry too. An entry
 * announcing an API version also lists that version's breaking changes.
 */
export default defineRoute({
  operations: [changelogEntryQuery, apiBreakingChangesQuery],
  View: ChangelogEntryPage,
  async load({ params, content, config }) {
    const slug = params.slug ?? "";
    if (!slug || slug.length > 200) throw new PageNotFound("changelog entry");
    const found = (await content.query(changelogEntryQuery, { slug })).changelog_entries[0];
    const entry = found && found.slug === slug ? reshapeChangelogEntry(found) : null;
    if (!found || !entry) throw new PageNotFound("changelog entry");
    // An entry announcing an API version lists what breaks from the one before it.
    const version = announcedApiVersion(entry);
    const apiChanges = version ? (await content.query(apiBreakingChangesQuery, { version })).apiBreakingChanges : null;
    const path = changelogEntryHref(entry.slug);
    const image = shareImage(null, reshapeImage(found.share_card, config.apiBaseUrl, entry.title));
    const description = entrySummary(entry.html) || t("changelog.description", { name: config.name });
    return {
      data: { entry, apiChanges },
      editable: editableItem("changelog_entries", found, found.published_at),
      meta: {
        title: t("changelog.entry_meta_title", { title: entry.title }),
        description,
        path,
        type: "article",
        image,
        article: entry.date
          ? { publishedTime: entry.date, author: config.name, tags: entry.products.map((product) => product.name) }
          : undefined,
        jsonLd: [
          {
            "@context": "https://schema.org",
            "@type": "TechArticle",
            headline: entry.title,
            description,
            url: absolute(path, config),
            mainEntityOfPage: { "@type": "WebPage", "@id": absolute(path, config) },
            ...(image ? { image: [absolute(image.url, config)] } : {}),
            ...(entry.date ? { datePublished: entry.date } : {}),
            ...(found.date_updated ? { dateModified: found.date_updated } : {}),
            ...(entry.products.length ? { keywords: entry.products.map((product) => product.name).join(", ") } : {}),
            author: organization(config),
            publisher: organization(config),
          },
        ],
      },
    };
  },
});
