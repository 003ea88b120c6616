import type { ApiPageData } from "../page";
import { apiReferencePageQuery } from "../page";
import { apiOperationHref, apiReferencePath, apiTagHref } from "../types";
import type { SiteConfig } from "../../../../config/site";
import { changesFor } from "../../../changelog";
import { changelogLinksQuery } from "../../../changelog";
import { t } from "../../../../i18n";
import type { PageMeta } from "../../../../render/meta";
import { ApiReferencePage, type ApiReferencePageData } from "../views/ApiReferencePage";
import { defineRoute, PageNotFound } from "../../../../routing/define";
import { docsNavigationQuery } from "../../navigation";
import { docsPath } from "../../tree";

const absolute = (path: string, config: SiteConfig) => new URL(path, config.url).toString();

function describe(page: ApiPageData): { title: string; description: string; href: string; trail: { title: string; href: string }[] } {
  const root = [
    { title: t("docs.title"), href: docsPath },
    { title: t("docs.api_reference"), href: apiReferencePath },
  ];
  if (page.kind === "overview") {
    return {
      title: `${page.title} · ${t("docs.api_reference")}`,
      description: page.summary || page.title,
      href: apiReferencePath,
      trail: root.slice(0, 1),
    };
  }
  if (page.kind === "tag") {
    return {
      title: `${page.tag.name} · ${t("docs.api_reference")}`,
      description: `${page.tag.name}: every operation of the ${page.title}.`,
      href: page.tag.href,
      trail: root,
    };
  }
  const { operation } = page;
  const tag = page.navigation.tags.find((candidate) => candidate.slug === operation.tagSlug);
  return {
    title: `${operation.summary} · ${t("docs.api_reference")}`,
    description: `${operation.method} ${operation.path}: ${operation.summary}.`,
    href: apiOperationHref(operation.tagSlug, operation.slug),
    trail: [...root, { title: tag?.name ?? operation.tag, href: apiTagHref(operation.tagSlug) }],
  };
}

/**
 * `/docs/api`, `/docs/api/<tag>` and `/docs/api/<tag>/<operation>`: the API reference, rendered
 * from the OpenAPI document the CMS validated and processed when it was saved. Unknown tags and
 * operations are a 404.
 */
export default defineRoute({
  operations: [docsNavigationQuery, apiReferencePageQuery, changelogLinksQuery],
  View: ApiReferencePage,
  feedback: true,
  async load({ params, content, config }): Promise<{ data: ApiReferencePageData; meta: PageMeta }> {
    const [{ docsNavigation }, { apiReferencePage: page }, changelog] = await Promise.all([
      content.query(docsNavigationQuery, { path: "" }),
      content.query(apiReferencePageQuery, {
        ...(params.tag ? { tag: params.tag } : {}),
        ...(params.operation ? { operation: params.operation } : {}),
      }),
      content.query(changelogLinksQuery),
    ]);
    if (!page) throw new PageNotFound("API reference page");
    const { title, description, href, trail } = describe(page);
    return {
      data: {
        // The docs sections, with their top pages only once the tree is large (none is open here).
        nav: docsNavigation?.nav ?? [],
        page,
        href,
        url: absolute(href, config),
        trail,
        changes: page.kind === "operation" ? changesFor(changelog.changelog_entries, { operationId: page.operation.id }) : [],
      },
      meta: {
        title,
        description,
        path: href,
        jsonLd: [
          {
            "@context": "https://schema.org",
            "@type": "TechArticle",
            headline: page.kind === "operation" ? page.operation.summary : page.kind === "tag" ? page.tag.name : page.title,
            description,
            url: absolute(href, config),
            inLanguage: "en",
            ...(page.updatedAt ? { dateModified: page.updatedAt } : {}),
          },
          {
            "@context": "https://schema.org",
            "@type": "BreadcrumbList",
            itemListElement: [...trail, { title, href }].map((crumb, index) => ({
              "@type": "ListItem",
              position: index + 1,
              name: crumb.title,
              item: absolute(crumb.href, config),
            })),
          },
        ],
      },
    };
  },
});
