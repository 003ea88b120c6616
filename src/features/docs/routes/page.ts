import { usableNavigation } from "../api-reference";
import type { SiteConfig } from "../../../config/site";
import { changesFor } from "../../changelog";
import { apiNavigationQuery } from "../api-reference";
import { changelogLinksQuery } from "../../changelog";
import { docsPageQuery } from "../queries";
import { reshapeImage } from "../../../content/reshape";
import { shareImage } from "../../../render/structured-data";
import { t } from "../../../i18n";
import { DocPage, type DocPageData } from "../views/DocPage";
import { defineRoute, PageNotFound, editableItem, type EditableItem } from "../../../router/define";
import { type DocsLink, docsNavigationQuery } from "../navigation";
import { docsPath, type DocsNavPage, type DocsNavSection } from "../tree";

const absolute = (path: string, config: SiteConfig) => new URL(path, config.url).toString();

/** Home › Docs › section › ancestors: the breadcrumb of a page or section, without the page itself. */
function breadcrumbs(ancestors: readonly DocsLink[], section: Pick<DocsNavSection, "title" | "href">) {
  return [
    { title: t("docs.title"), href: docsPath },
    { title: section.title, href: section.href },
    ...ancestors.map((ancestor) => ({ title: ancestor.title, href: ancestor.href })),
  ];
}

/** A previous or next page as the pager shows it. */
const pagerLink = (page: DocsLink | null): DocsNavPage | null => (page ? { ...page, children: [] } : null);

function breadcrumbJsonLd(trail: { title: string; href: string }[], config: SiteConfig): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.title,
      item: absolute(crumb.href, config),
    })),
  };
}

/**
 * `/docs/<section>` and `/docs/<section>/<page>/...`: a section's overview, or a page with the
 * sidebar, breadcrumbs, table of contents and previous/next links. Unknown paths are a 404.
 */
export default defineRoute({
  operations: [docsNavigationQuery, docsPageQuery, apiNavigationQuery, changelogLinksQuery],
  View: DocPage,
  feedback: true,
  async load({
    params,
    content,
    config,
  }): Promise<{ data: DocPageData; meta: import("../../../router/meta").PageMeta; editable: EditableItem }> {
    const path = params.path ?? "";
    const [{ docsNavigation: found }, apiResult] = await Promise.all([
      content.query(docsNavigationQuery, { path }),
      content.query(apiNavigationQuery),
    ]);
    const api = usableNavigation(apiResult.api_reference?.navigation);

    if (!path.includes("/")) {
      const section = found?.section;
      if (!found || !section) throw new PageNotFound("docs section");
      const trail = breadcrumbs([], section).slice(0, 1);
      const current = { sectionId: section.id, pageId: null };
      return {
        data: {
          nav: found.nav,
          api,
          current,
          trail,
          section,
          page: null,
          previous: null,
          next: null,
        },
        editable: { collection: "docs_sections", id: section.id, status: null, updatedAt: null, scheduledFor: null },
        meta: {
          title: `${section.title} · ${t("docs.title")}`,
          description: section.description || t("docs.meta_description", { name: config.name }),
          path: section.href,
          jsonLd: [breadcrumbJsonLd([...trail, { title: section.title, href: section.href }], config)],
        },
      };
    }

    const location = found?.page && found.pageSection ? { ...found, page: found.page, section: found.pageSection } : null;
    if (!location) throw new PageNotFound("docs page");
    const [result, changelog] = await Promise.all([
      content.query(docsPageQuery, { id: location.page.id }),
      content.query(changelogLinksQuery),
    ]);
    const stored = result.docs_pages[0];
    if (!stored) throw new PageNotFound("docs page");
    const trail = breadcrumbs(location.ancestors, location.section);
    const updatedAt = location.page.updatedAt ?? stored.date_updated;
    const href = location.page.href;
    const title = stored.title ?? location.page.title;
    const description = stored.description || location.page.description || t("docs.meta_description", { name: config.name });
    const current = {
      sectionId: location.section.id,
      pageId: location.page.id,
      ancestorIds: location.ancestors.map((ancestor) => ancestor.id),
    };
    return {
      data: {
        nav: location.nav,
        api,
        current,
        trail,
        section: null,
        page: {
          title,
          description: stored.description ?? "",
          html: stored.html,
          headings: stored.headings,
          readingMinutes: stored.readingMinutes,
          updatedAt,
          markdownHref: `${href}.md`,
          url: absolute(href, config),
          changes: changesFor(changelog.changelog_entries, { docsPageId: location.page.id }),
        },
        previous: pagerLink(location.previous),
        next: pagerLink(location.next),
      },
      editable: editableItem("docs_pages", stored, stored.publish_at),
      meta: {
        title: `${title} · ${location.section.title}`,
        description,
        path: href,
        type: "article",
        image: shareImage(
          reshapeImage(stored.share_image, config.apiBaseUrl, title),
          reshapeImage(stored.share_card, config.apiBaseUrl, title),
        ),
        jsonLd: [
          {
            "@context": "https://schema.org",
            "@type": "TechArticle",
            headline: title,
            description,
            url: absolute(href, config),
            mainEntityOfPage: { "@type": "WebPage", "@id": absolute(href, config) },
            ...(updatedAt ? { dateModified: updatedAt } : {}),
            articleSection: location.section.title,
            inLanguage: "en",
            publisher: { "@type": "Organization", name: config.name, url: config.url, logo: absolute("/favicon.svg", config) },
          },
          breadcrumbJsonLd([...trail, { title, href }], config),
        ],
      },
    };
  },
});
