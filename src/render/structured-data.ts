import type { SiteConfig } from "../config/site";
import { allowedWidthFor, allowedWidths, imageUrl } from "../config/images";
import type { ImageRef } from "../content/types/site";
import type { SocialImage } from "../router/meta";

/** A path of this site as the absolute URL that meta tags and JSON-LD need. */
export function absolute(path: string, config: SiteConfig): string {
  // A page writes a dozen of these (canonical, og:url, each post's JSON-LD): a plain path on
  // a bare origin is joined as text, which is what the URL parser would give; anything else
  // (dot or encoded-dot segments, a query, other characters) goes through the parser.
  const origin = bareOrigin(config.url);
  return origin !== null && plainPath.test(path) ? origin + path : new URL(path, config.url).toString();
}

/** Segments of unreserved characters and escapes, none starting with a dot or an escape (no dot segments). */
const plainPath = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~%-]*)+\/?$|^\/$/;

let lastBase: { url: string; origin: string | null } | undefined;
/** `url` when it is an origin exactly as the URL parser writes it (no path, query or fragment), else null. */
function bareOrigin(url: string): string | null {
  if (lastBase?.url !== url) {
    let origin: string | null = null;
    try {
      const parsed = new URL(url);
      origin = parsed.href === `${parsed.origin}/` && (url === parsed.origin || url === parsed.href) ? parsed.origin : null;
    } catch {
      origin = null;
    }
    lastBase = { url, origin };
  }
  return lastBase.origin;
}

/** A CMS image as a share image: through /_next/image at up to 1200 px, with its real size. */
export function socialImage(image: ImageRef): SocialImage {
  const fitting = allowedWidths.filter((width) => width <= Math.min(1200, image.width));
  const width = fitting.length ? fitting[fitting.length - 1]! : allowedWidths[0]!;
  return { url: imageUrl(image.src, width), width, height: Math.round((width * image.height) / image.width), alt: image.alt };
}

/**
 * A page's share image: the editor's own wins, else the card the CMS drew when the item was
 * published, else none (the head then uses the site's /social-card.png). The card is served at
 * its own size (1280×640: /_next/image never upscales) under a URL that changes with each drawing.
 */
export function shareImage(own: ImageRef | null, card: ImageRef | null): SocialImage | undefined {
  if (own) return socialImage(own);
  if (!card) return undefined;
  return { url: imageUrl(card.src, allowedWidthFor(card.width)), width: card.width, height: card.height, alt: card.alt };
}

/** The site's publisher in JSON-LD. */
export const organization = (config: SiteConfig) => ({
  "@type": "Organization",
  name: config.name,
  url: config.url,
  logo: absolute("/favicon.svg", config),
});
