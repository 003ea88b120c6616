import type { ApiPageData } from "../page";
import { apiReferencePageQuery } from "../page";
import { apiOperationHref, apiReferencePath, apiTagHref, apiVersionRoot, isApiVersionName } from "../types";
import type { SiteConfig } from "../../../../config/site";
import { changesFor } from "../../../changelog";
import { changelogLinksQuery } from "../../../changelog";
import { t } from "../../../../i18n";
import type { PageMeta } from "../../../../router/meta";
import { shareImage } from "../../../../render/structured-data";
import { ApiReferencePage, type ApiReferencePageData } from "../views/ApiReferencePage";
import { defineRoute, PageNotFound } from "../../../../router/define";
import { docsNavigationQuery } from "../../navigation";
import { docsPath } from "../../tree";

const absolute = (path: string, config: SiteConfig) => new URL(path, config.url).toString();

/**
 * What page the address asks for: `/docs/api/v1` and `/docs/api/v1/<tag>` match the latest's
 * overview and tag routes with the version in `tag` (no tag slug looks like a version's name).
 */
export function apiPageVariables(params: Record<string, string | undefined>): { version?: string; tag?: string; operation?: string } {
  const variables = { version: params.version, tag: params.tag, operation: params.operation };
  if (!variables.version && variables.tag && isApiVersionName(variables.tag)) {
    variables.version = variables.tag;
    variables.tag = variables.operation;
    variables.operation = undefined;
  }
  return Object.fromEntries(Object.entries(variables).filter(([, value]) => value)) as {
    version?: string;
    tag?: string;
    operation?: string;
  };
}

function describe(page: ApiPageData): { title: string; description: string; href: string; trail: { title: string; href: string }[] } {
  const segment = page.versionSegment;
  // An earlier version's pages say which version they are in their title.
  const section = segment ? `${t("docs.api_reference")} ${page.apiVersion}` : t("docs.api_reference");
  const root = [
    { title: t("docs.title"), href: docsPath },
    { title: section, href: apiVersionRoot(segment) },
  ];
  if (page.kind === "overview") {
    return {
      title: `${page.title} · ${section}`,
      description: page.summary || page.title,
      href: apiVersionRoot(segment),
      trail: segment ? [...root.slice(0, 1), { title: t("docs.api_reference"), href: apiReferencePath }] : root.slice(0, 1),
    };
  }
  if (page.kind === "tag") {
    return {
      title: `${page.tag.name} · ${section}`,
      description: `${page.tag.name}: every operation of the ${page.title}.`,
      href: page.tag.href,
      trail: root,
    };
  }
  const { operation } = page;
  const tag = page.navigation.tags.find((candidate) => candidate.slug === operation.tagSlug);
  return {
    title: `${operation.summary} · ${section}`,
    description: `${operation.method} ${operation.path}: ${operation.summary}.`,
    href: apiOperationHref(operation.tagSlug, operation.slug, segment),
    trail: [...root, { title: tag?.name ?? operation.tag, href: apiTagHref(operation.tagSlug, segment) }],
  };
}

/**
 * `/docs/api`, `/docs/api/<tag>` and `/docs/api/<tag>/<operation>`: the API reference, rendered
 * from the OpenAPI document the CMS validated and processed when it was saved; an earlier
 * version's the same under `/docs/api/<version>` (decision 027), its canonical address the
 * latest's same page when the latest has it. Unknown versions, tags and operations are a 404.
 */
export default defineRoute({
  operations: [docsNavigationQuery, apiReferencePageQuery, changelogLinksQuery],
  View: ApiReferencePage,
  feedback: true,
  async load({ params, content, config }): Promise<{ data: ApiReferencePageData; meta: PageMeta }> {
    const [{ docsNavigation }, { apiReferencePage: page }, changelog] = await Promise.all([
      content.query(docsNavigationQuery, { path: "" }),
      content.query(apiReferencePageQuery, apiPageVariables(params)),
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
        ...(page.latest?.href ? { canonical: page.latest.href } : {}),
        // An operation's card, drawn by the CMS when the document was saved (1280×640).
        image:
          page.kind === "operation" && page.shareCardSrc
            ? shareImage(null, { src: page.shareCardSrc, width: 1280, height: 640, alt: page.operation.summary })
            : undefined,
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
