import type { SiteConfig } from "../config/site";
import { managedHeadTags } from "../render/head";
import { managedHeadSelector } from "../render/head-selector";
import type { PageMeta } from "../router/meta";

/** After a client navigation: the whole managed head of the previous page is replaced by the next page's. */
export function applyHead(meta: PageMeta, config: SiteConfig): void {
  // Outside scripts are the first page's only: after a navigation the island that needs one loads it.
  const { scripts: _scripts, ...headMeta } = meta;
  for (const element of document.head.querySelectorAll(managedHeadSelector)) element.remove();
  const range = document.createRange();
  range.selectNodeContents(document.head);
  const tags = range.createContextualFragment(
    managedHeadTags(headMeta, { siteUrl: config.url, siteName: config.name, indexable: config.environment === "prod" }),
  );
  const viewport = document.head.querySelector('meta[name="viewport"]');
  document.head.insertBefore(tags, viewport ? viewport.nextSibling : document.head.firstChild);
}
