import { t } from "../i18n";

/** Everything a page puts in its <head>: built by loaders, written by the document renderer. */
export interface SocialImage {
  url: string;
  width: number;
  height: number;
  alt?: string;
}

export interface PageMeta {
  /** Page title without the site suffix; omitted on the main page. */
  title?: string;
  /** Full title as is, without the site suffix (error pages). */
  rawTitle?: string;
  description: string;
  /** The page's path (tracking parameters already removed): its canonical address unless `canonical` says otherwise. */
  path: string;
  /** Another canonical address (a path or URL), or null for none: an error screen is no page to point at. */
  canonical?: string | null;
  noindex?: boolean;
  type?: "website" | "article" | "profile";
  image?: SocialImage;
  article?: { publishedTime: string; author: string; tags: string[] };
  jsonLd?: object[];
  /** Outside scripts this page needs (a form's Turnstile widget): loaded async with the nonce, on this page only. */
  scripts?: string[];
}

/** The default social card size, spec section 9. */
export const defaultSocialImageSize = { width: 1280, height: 640 } as const;
export const defaultSocialImagePath = "/social-card.png";

/** The document title: "{title} | {site}", the default title on the main page, or as is. */
export function fullTitle(meta: PageMeta, siteName: string): string {
  if (meta.rawTitle) return meta.rawTitle;
  return meta.title ? t("meta.title_template", { title: meta.title, name: siteName }) : t("meta.default_title", { name: siteName });
}
