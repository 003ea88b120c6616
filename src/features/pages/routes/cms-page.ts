import { hasFeedBlock, blocksJsonLd, blocksScripts, reshapeBlocks, sectionIds } from "../blocks/parse";
import { childPagesOf } from "../blocks/child-pages/children";
import { homeQuery as feedQuery } from "../home.queries";
import { pageQuery } from "../queries";
import { reshapeImage } from "../../../content/reshape";
import type { CmsPageData } from "../types";
import { t } from "../../../i18n";
import { CmsPage } from "../views/CmsPage";
import { absolute, organization, shareImage } from "../../../render/structured-data";
import { currentHour } from "../../../lib/clock";
import { defineRoute, editableItem, PageNotFound } from "../../../router/define";

/** Longest page path we look up; a longer one is no page. */
const maxPathLength = 300;

/** The canonical path an editor set: a path on this site (`https://…/x` of this site too), or null. */
function canonicalPath(canonical: string | null | undefined, siteUrl: string): string | null {
  if (!canonical) return null;
  if (canonical.startsWith("/") && !canonical.startsWith("//")) return canonical;
  try {
    const url = new URL(canonical);
    return url.origin === new URL(siteUrl).origin ? url.pathname : null;
  } catch {
    return null;
  }
}

/**
 * Every page editors build in the CMS from blocks: `/` and any path no fixed route claims
 * (the route table ranks fixed routes first). One query gets the page with all its blocks;
 * a page with a feed block also reads the feed (latest posts, next event, open roles, …).
 */
export default defineRoute<CmsPageData>({
  operations: [pageQuery, feedQuery],
  View: CmsPage,
  async load({ params, content, config, visitor, url }) {
    const path = params.path ? `/${params.path}` : "/";
    if (path.length > maxPathLength) throw new PageNotFound("page");
    const page = (await content.query(pageQuery, { path })).pages[0];
    if (!page || page.path !== path) throw new PageNotFound("page");

    const feed = hasFeedBlock(page.blocks) ? await content.query(feedQuery, { from: currentHour() }) : null;
    const blocks = reshapeBlocks(page.blocks, { config, feed, visitor, url, childPages: childPagesOf(page.children) });
    const ownImage = reshapeImage(page.share_image, config.apiBaseUrl, page.title);
    const isHome = path === "/";
    return {
      data: { title: page.title ?? "", blocks },
      editable: {
        ...editableItem("pages", page, page.publish_at),
        parts: sectionIds(page.blocks).map((id) => ({ collection: "sections", id })),
      },
      meta: {
        title: isHome ? undefined : (page.seo_title ?? page.title ?? undefined),
        description: page.seo_description ?? t("meta.default_description"),
        path: canonicalPath(page.canonical, config.url) ?? path,
        noindex: page.noindex ?? false,
        image: shareImage(ownImage, reshapeImage(page.share_card, config.apiBaseUrl, page.title)),
        scripts: blocksScripts(blocks),
        jsonLd: [
          isHome
            ? { "@context": "https://schema.org", ...organization(config) }
            : { "@context": "https://schema.org", "@type": "WebPage", name: page.seo_title ?? page.title, url: absolute(path, config) },
          ...blocksJsonLd(blocks),
        ],
      },
    };
  },
});
