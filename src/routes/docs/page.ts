import { usableNavigation } from "../../api-reference/types";
import type { SiteConfig } from "../../config/site";
import { changesFor } from "../../changelog/entries";
import { apiNavigationQuery } from "../../content/queries/api-reference";
import { changelogLinksQuery } from "../../content/queries/changelog";
import { docsPageQuery, docsTreeQuery } from "../../content/queries/docs";
import { t } from "../../i18n";
import { DocPage, type DocPageData } from "../../views/pages/DocPage";
import { defineRoute, PageNotFound, editableItem, type EditableItem } from "../define";
import { buildDocsTree, docsPath, findDocsPage, findDocsSection, neighbours, type DocsLocation } from "./tree";

const absolute = (path: string, config: SiteConfig) => new URL(path, config.url).toString();

/** Home › Docs › section › ancestors: the breadcrumb of a page or section, without the page itself. */
function breadcrumbs(location: Pick<DocsLocation, "section" | "ancestors"> | null, section: DocsLocation["section"]) {
  return [
    { title: t("docs.title"), href: docsPath },
    { title: section.title, href: section.href },
    ...(location?.ancestors ?? []).map((ancestor) => ({ title: ancestor.title, href: ancestor.href })),
  ];
}

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
  operations: [docsTreeQuery, docsPageQuery, apiNavigationQuery, changelogLinksQuery],
  View: DocPage,
  async load({
    params,
    content,
    config,
  }): Promise<{ data: DocPageData; meta: import("../../render/meta").PageMeta; editable: EditableItem }> {
    const path = params.path ?? "";
    const [treeResult, apiResult] = await Promise.all([content.query(docsTreeQuery), content.query(apiNavigationQuery)]);
    const tree = buildDocsTree(treeResult.docs_sections, treeResult.docs_pages);
    const api = usableNavigation(apiResult.api_reference?.navigation);

    if (!path.includes("/")) {
      const section = findDocsSection(tree, path);
      if (!section) throw new PageNotFound("docs section");
      const trail = breadcrumbs(null, section).slice(0, 1);
      return {
        data: {
          nav: tree.sections,
          api,
          current: { sectionId: section.id, pageId: null },
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

    const location = findDocsPage(tree, path);
    if (!location) throw new PageNotFound("docs page");
    const [result, changelog] = await Promise.all([
      content.query(docsPageQuery, { id: location.page.id }),
      content.query(changelogLinksQuery),
    ]);
    const found = result.docs_pages[0];
    if (!found) throw new PageNotFound("docs page");
    const trail = breadcrumbs(location, location.section);
    const updatedAt = treeResult.docs_pages.find((row) => row.id === location.page.id)?.date_updated ?? found.date_updated;
    const href = location.page.href;
    const title = found.title ?? location.page.title;
    const description = found.description || location.page.description || t("docs.meta_description", { name: config.name });
    return {
      data: {
        nav: tree.sections,
        api,
        current: {
          sectionId: location.section.id,
          pageId: location.page.id,
          ancestorIds: location.ancestors.map((ancestor) => ancestor.id),
        },
        trail,
        section: null,
        page: {
          title,
          description: found.description ?? "",
          html: found.html,
          headings: found.headings,
          readingMinutes: found.readingMinutes,
          updatedAt,
          markdownHref: `${href}.md`,
          changes: changesFor(changelog.changelog_entries, { docsPageId: location.page.id }),
        },
        ...neighbours(tree, location),
      },
      editable: editableItem("docs_pages", found, found.publish_at),
      meta: {
        title: `${title} · ${location.section.title}`,
        description,
        path: href,
        type: "article",
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
