import { defaultSocialImagePath, defaultSocialImageSize, fullTitle, type PageMeta } from "../router/meta";
import { escapeHtml } from "../lib/html-text";
import { nonceAttribute, serializeForScript } from "./serialize";

export interface HeadContext {
  siteUrl: string;
  siteName: string;
  /** Environments other than prod are never indexed. */
  indexable: boolean;
  /** CSP nonce (server render); JSON-LD is data, never run, so the browser may omit it. */
  nonce?: string;
}

const absolute = (siteUrl: string, pathOrUrl: string) => new URL(pathOrUrl, siteUrl).toString();

/** The page's head elements as HTML, the same on the server and in the browser. */
export function managedHeadTags(meta: PageMeta, { siteUrl, siteName, indexable, nonce }: HeadContext): string {
  const title = escapeHtml(fullTitle(meta, siteName));
  const description = escapeHtml(meta.description);
  const url = escapeHtml(absolute(siteUrl, meta.path));
  const canonical = meta.canonical === null ? null : escapeHtml(absolute(siteUrl, meta.canonical ?? meta.path));
  const image = meta.image ?? { url: defaultSocialImagePath, ...defaultSocialImageSize };
  const imageUrl = escapeHtml(absolute(siteUrl, image.url));
  const tags: string[] = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    canonical ? `<link rel="canonical" href="${canonical}">` : "",
    meta.noindex || !indexable ? `<meta name="robots" content="noindex, nofollow">` : "",
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${canonical ?? url}">`,
    `<meta property="og:type" content="${meta.type ?? "website"}">`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}">`,
    `<meta property="og:locale" content="en">`,
    `<meta property="og:image" content="${imageUrl}">`,
    `<meta property="og:image:width" content="${image.width}">`,
    `<meta property="og:image:height" content="${image.height}">`,
    image.alt ? `<meta property="og:image:alt" content="${escapeHtml(image.alt)}">` : "",
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${imageUrl}">`,
  ];
  if (meta.article) {
    tags.push(
      `<meta property="article:published_time" content="${escapeHtml(meta.article.publishedTime)}">`,
      `<meta property="article:author" content="${escapeHtml(meta.article.author)}">`,
      ...meta.article.tags.map((tag) => `<meta property="article:tag" content="${escapeHtml(tag)}">`),
    );
  }
  for (const data of meta.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json"${nonceAttribute(nonce)}>${serializeForScript(data)}</script>`);
  }
  for (const src of meta.scripts ?? []) tags.push(`<script src="${escapeHtml(src)}" async defer${nonceAttribute(nonce)}></script>`);
  return tags.join("");
}
