import { t } from "../../../i18n";
import { careersListHref, hasFilters, parseFilters, activeFilters } from "../filters";
import { CareersPage } from "../views/CareersPage";
import { parsePage } from "../../../lib/paging";
import { defineRoute, PageNotFound } from "../../../router/define";
import { careersRolesQuery, rolesPerPage } from "../roles";

/**
 * `/careers`: one page (`?page=`) of the roles matching the filters of the query string, counted
 * and paged by the worker (CareersRoles), with the facets of every role. Anything but a page that
 * exists is a 404, as on the blog and /events; an empty selection keeps its first page.
 */
export default defineRoute({
  operations: [careersRolesQuery],
  View: CareersPage,
  async load({ url, content, config }) {
    const page = parsePage(url.searchParams.get("page"));
    if (page === null) throw new PageNotFound("careers page");
    const selected = parseFilters(url.searchParams);
    const { careersRoles: roles } = await content.query(careersRolesQuery, { ...activeFilters(selected), page });
    if (page > roles.totalPages) throw new PageNotFound("careers page");
    const filtered = hasFilters(selected);
    const title = page > 1 ? t("careers.meta_title_page", { title: t("careers.meta_title"), page }) : t("careers.meta_title");
    return {
      data: { jobs: roles.jobs, total: roles.total, facets: roles.facets, selected, page, totalPages: roles.totalPages },
      meta: {
        title,
        description: t("careers.meta_description", { name: config.name }),
        // Filtered lists are views of the one list: canonical without the filters. Past their first
        // page they only repeat roles found elsewhere, and an empty combination is not worth indexing.
        path: filtered ? "/careers" : careersListHref(selected, page),
        noindex: filtered && (page > 1 || roles.total === 0) ? true : undefined,
        jsonLd: [
          {
            "@context": "https://schema.org",
            "@type": "ItemList",
            name: t("careers.list_title"),
            // The roles of this page, numbered from the start of the list.
            numberOfItems: roles.jobs.length,
            itemListElement: roles.jobs.map((job, index) => ({
              "@type": "ListItem",
              position: (page - 1) * rolesPerPage + index + 1,
              url: new URL(job.href, config.url).toString(),
              name: job.role,
            })),
          },
        ],
      },
    };
  },
});
