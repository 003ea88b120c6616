/**
 * Image constants (spec section 9): the only widths /_next/image accepts, shared by the
 * endpoint and the <Image> component.
 */
export const deviceWidths = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
const imageSizes = [16, 32, 48, 64, 96, 128, 256, 384] as const;
export const allowedWidths: readonly number[] = [...imageSizes, ...deviceWidths].sort((a, b) => a - b);
export const defaultImageQuality = 75;
export const imageEndpoint = "/_next/image";
/**
 * Output formats in order of preference, each used when the request's Accept allows it.
 * WebP first: AVIF is about 40% smaller but measured here 3-13x slower to encode (0.4-1.7 s
 * against 0.13 s for a 1600 px cover), which made cold pages wait seconds for their images.
 * AVIF is still served to a browser that accepts AVIF and not WebP.
 */
export const imageOutputFormats = ["image/webp", "image/avif"] as const;
/** Longest `url` parameter the endpoint accepts. */
export const maxImageUrlLength = 3072;

export function imageUrl(src: string, width: number, quality = defaultImageQuality): string {
  return `${imageEndpoint}?url=${encodeURIComponent(src)}&w=${width}&q=${quality}`;
}

/** The smallest allowed width at or above `width` (the largest when none is). */
export function allowedWidthFor(width: number): number {
  return allowedWidths.find((allowed) => allowed >= width) ?? allowedWidths[allowedWidths.length - 1]!;
}
