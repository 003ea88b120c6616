import { allowedWidthFor, deviceWidths, imageUrl } from "../config/images";
import type { ImageRef } from "../content/types/site";
import { keptPerObject } from "../lib/kept-per-object";

interface ImageProps {
  image: ImageRef;
  /**
   * Responsive: the `sizes` attribute (e.g. "(min-width: 1081px) 33vw, 100vw"); srcset lists
   * the device widths. Without it, `width` is the rendered CSS width and srcset gives 1x/2x.
   */
  sizes?: string;
  width?: number;
  className?: string;
  /** Above the fold (the hero): eager, high fetch priority. Everything else loads lazily. */
  priority?: boolean;
  alt?: string;
}

/**
 * Every CMS image goes through /_next/image with the configured widths; width and height
 * reserve the space so nothing shifts while it loads. Never asks for more pixels than the
 * source has.
 */
export function Image({ image, sizes, width, className, priority = false, alt }: ImageProps) {
  const { src, srcSet, renderedWidth, height } = sourcesOf(image, sizes, width);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={renderedWidth}
      height={height}
      alt={alt ?? image.alt}
      className={className}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
    />
  );
}

interface ImageSources {
  src: string;
  srcSet: string;
  renderedWidth: number;
  height: number;
}

/**
 * An image's sources per layout, kept with the image: a warm render reads the same image objects
 * from the content cache's memory, so a card's srcset is built once per read, not per page.
 */
const sourcesKept = keptPerObject<ImageRef, ImageSources>();

function sourcesOf(image: ImageRef, sizes: string | undefined, width: number | undefined): ImageSources {
  return sourcesKept(image, `${sizes ?? ""}|${width ?? ""}`, () => computeSources(image, sizes, width));
}

function computeSources(image: ImageRef, sizes: string | undefined, width: number | undefined): ImageSources {
  const renderedWidth = width ?? image.width;
  const height = Math.round((renderedWidth * image.height) / image.width);
  const candidates = sizes
    ? deviceWidths.filter((w) => w <= image.width)
    : [...new Set([allowedWidthFor(renderedWidth), allowedWidthFor(renderedWidth * 2)])].filter(
        (w, index) => index === 0 || w <= image.width,
      );
  const widths = candidates.length ? candidates : [allowedWidthFor(Math.min(renderedWidth, image.width))];
  const srcSet = sizes
    ? widths.map((w) => `${imageUrl(image.src, w)} ${w}w`).join(", ")
    : widths.map((w, index) => `${imageUrl(image.src, w)} ${index + 1}x`).join(", ");
  const fallback = widths[widths.length - 1]!;
  return { src: imageUrl(image.src, fallback), srcSet, renderedWidth, height };
}
