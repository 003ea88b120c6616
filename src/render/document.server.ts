import manifest from "../generated/asset-manifest.json";
import { t } from "../i18n";
import type { PagePayload } from "../loaders/payload";
import { defaultSocialImagePath, defaultSocialImageSize, fullTitle, type PageMeta } from "./meta";
import { escapeHtml, serializeForScript } from "./serialize";

export interface DocumentContext {
  meta: PageMeta;
  nonce: string;
  siteUrl: string;
  siteName: string;
  /** Environments other than prod are never indexed. */
  indexable: boolean;
}


function absolute(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, siteUrl).toString();
}

/** `<!doctype html>` through the opening of the React root: flushed before rendering starts. */
export function documentStart({ meta, nonce, siteUrl, siteName, indexable }: DocumentContext): string {
  const title = fullTitle(meta, siteName);
  const canonical = absolute(siteUrl, meta.path);
  const image = meta.image ?? { url: defaultSocialImagePath, ...defaultSocialImageSize };
  const imageUrl = absolute(siteUrl, image.url);
  const noindex = meta.noindex || !indexable;
  const tags: string[] = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    noindex ? `<meta name="robots" content="noindex, nofollow">` : "",
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:type" content="${meta.type ?? "website"}">`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}">`,
    `<meta property="og:locale" content="en">`,
    `<meta property="og:image" content="${escapeHtml(imageUrl)}">`,
    `<meta property="og:image:width" content="${image.width}">`,
    `<meta property="og:image:height" content="${image.height}">`,
    image.alt ? `<meta property="og:image:alt" content="${escapeHtml(image.alt)}">` : "",
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(imageUrl)}">`,
  ];
  if (meta.article) {
    tags.push(
      `<meta property="article:published_time" content="${escapeHtml(meta.article.publishedTime)}">`,
      `<meta property="article:author" content="${escapeHtml(meta.article.author)}">`,
      ...meta.article.tags.map((tag) => `<meta property="article:tag" content="${escapeHtml(tag)}">`),
    );
  }
  for (const data of meta.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json" nonce="${nonce}">${serializeForScript(data)}</script>`);
  }
  tags.push(
    `<meta name="theme-color" content="#ffffff">`,
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(siteName)} blog" href="/blog/rss.xml">`,
    `<link rel="preload" href="${manifest.font}" as="font" type="font/woff2" crossorigin>`,
    `<link rel="stylesheet" href="${manifest.css}">`,
    `<link rel="modulepreload" href="${manifest.clientEntry}">`,
  );
  return `<!doctype html><html lang="en"><head>${tags.filter(Boolean).join("")}</head><body><div id="app">`;
}

/** Closes the React root, then the page payload for hydration and the client bundle. */
export function documentEnd(payload: PagePayload, nonce: string): string {
  return (
    `</div><script id="__STATE__" type="application/json" nonce="${nonce}">${serializeForScript(payload)}</script>` +
    `<script type="module" src="${manifest.clientEntry}" nonce="${nonce}"></script></body></html>`
  );
}
