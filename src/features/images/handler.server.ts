import type { Context } from "hono";
import { imageOutputFormats } from "../../config/images";
import type { AppEnv } from "../../env";
import { originsFrom, parseImageParams, type ImageSource } from "./params";
import { sniffImageType, type SourceType } from "./sniff";
import { ImageError, loadSource } from "./source.server";

/** Options of /_next/image (tests inject the upstream fetch, short limits and a transform hook). */
export interface ImageOptions {
  /** Fetch for allowlisted remote hosts (Directus). */
  fetch?: typeof fetch;
  /** Deadline for the whole upstream exchange; 5 s by default. */
  timeoutMs?: number;
  /** Largest source accepted; 15 MB by default. */
  maxBytes?: number;
  /** Redirects followed (to allowlisted origins only); 2 by default. */
  maxRedirects?: number;
  /** Largest source in pixels the resizer is asked to decode; 100 megapixels by default. */
  maxPixels?: number;
  /** Called once per call of the Images binding's transform (they are billed). */
  onTransform?: (transform: TransformRecord) => void;
}

export interface TransformRecord {
  source: string;
  width: number;
  quality: number;
  format: OutputFormat;
}

type OutputFormat = "image/avif" | "image/webp" | "image/jpeg" | "image/png";
/** What the client accepts, best first: the cache key's format part. */
export type FormatPreference = "avif" | "webp" | "source";

const imageCacheName = "images";
const imageCacheHeader = "X-Image-Cache";
export const imageCsp = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";
const immutable = "public, max-age=31536000, immutable";
const oneDay = "public, max-age=86400";

let transforms = 0;
/** Transforms done by this isolate since it started (tests compare before and after). */
export function imageTransformCount(): number {
  return transforms;
}

/**
 * GET /_next/image?url=&w=&q=: validates the parameters (400 naming the parameter), then
 * serves the resized image from the Cache API or loads the source (site assets or an
 * allowlisted host), reads its type from its bytes, resizes it once through env.IMAGES (never
 * upscaling) into AVIF/WebP when accepted, and caches the result.
 */
export function imageRoute(options: ImageOptions = {}) {
  const upstreamFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxBytes = options.maxBytes ?? 15 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 2;
  const maxPixels = options.maxPixels ?? 100_000_000;

  return async (c: Context<AppEnv>) => {
    const requestUrl = new URL(c.req.url);
    const allowedOrigins = originsFrom(c.env.API_BASE_URL, (c.env as { IMAGE_ALLOWED_ORIGINS?: string }).IMAGE_ALLOWED_ORIGINS);
    const parsed = parseImageParams(requestUrl.searchParams, {
      siteOrigins: originsFrom(c.env.SITE_URL, requestUrl.origin),
      allowedOrigins,
    });
    if (!parsed.ok) return refusal(400, parsed.message);
    const { source, width, quality } = parsed.params;
    const preference = preferredFormat(c.req.header("accept"));
    const sourceKey = source.kind === "asset" ? source.path : source.url.href;
    const key = new Request(
      `https://image-cache.invalid/?${new URLSearchParams({ url: sourceKey, w: String(width), q: String(quality), f: preference })}`,
    );

    const cache = await caches.open(imageCacheName).catch(() => null);
    const hit = await cache?.match(key).catch(() => undefined);
    if (hit) return served(hit, "HIT");

    let produced: { body: ArrayBuffer | Uint8Array<ArrayBuffer>; headers: Headers };
    try {
      const bytes = await loadSource(source, c.env.ASSETS, requestUrl.origin, {
        fetch: upstreamFetch,
        timeoutMs,
        maxBytes,
        maxRedirects,
        isAllowed: (url) => (url.protocol === "https:" || url.protocol === "http:") && allowedOrigins.includes(url.origin),
        authorizationFor: directusAssetAuthorization(c.env.API_BASE_URL, c.env.DIRECTUS_READ_TOKEN),
      });
      produced = await produce(c.env.IMAGES, source, bytes, { width, quality, preference, maxPixels }, (format) => {
        transforms++;
        options.onTransform?.({ source: sourceKey, width, quality, format });
      });
    } catch (error) {
      if (error instanceof ImageError) return refusal(error.status, error.message);
      console.error(`image ${sourceKey} w=${width} failed:`, error);
      return refusal(502, "The image could not be resized.");
    }

    const response = new Response(produced.body, { headers: produced.headers });
    if (cache) {
      const stored = cache.put(key, response.clone()).catch((error) => console.warn("image cache write failed:", error));
      try {
        c.executionCtx.waitUntil(stored);
      } catch {
        await stored; // no execution context (plain app.request): store before answering
      }
    }
    return served(response, "MISS");
  };
}

/**
 * Directus serves its files to the site's read token only (the Public policy reads none), so
 * the token goes with requests for Directus' `/assets/<id>` and nothing else: not to other
 * allowed hosts, nor to any other Directus path a crafted `url` could name.
 */
export function directusAssetAuthorization(apiBaseUrl: string | undefined, token: string | undefined): (url: URL) => string | undefined {
  if (!apiBaseUrl || !token) return () => undefined;
  let assets: URL;
  try {
    assets = new URL("assets/", `${apiBaseUrl.replace(/\/+$/, "")}/`);
  } catch {
    return () => undefined;
  }
  return (url) =>
    url.origin === assets.origin &&
    url.pathname.startsWith(assets.pathname) &&
    /^[^/]+$/.test(url.pathname.slice(assets.pathname.length)) &&
    !url.username &&
    !url.password
      ? `Bearer ${token}`
      : undefined;
}

interface Wanted {
  width: number;
  quality: number;
  preference: FormatPreference;
  maxPixels: number;
}

async function produce(
  images: ImagesBinding,
  source: ImageSource,
  bytes: Uint8Array<ArrayBuffer>,
  { width, quality, preference, maxPixels }: Wanted,
  counted: (format: OutputFormat) => void,
): Promise<{ body: ArrayBuffer | Uint8Array<ArrayBuffer>; headers: Headers }> {
  const type = sniffImageType(bytes);
  if (!type) throw new ImageError(415, 'The "url" parameter does not point at a JPEG, PNG, WebP, AVIF, GIF or SVG image.');
  const cacheControl = isVersioned(source) ? immutable : oneDay;
  if (type === "image/svg+xml") {
    // Scripts in an SVG would run on this origin if opened directly: only the site's own files,
    // served as they are, sandboxed by the CSP.
    if (source.kind !== "asset") {
      throw new ImageError(
        415,
        'The "url" parameter points at an SVG on another host; SVG images are served only from this site\'s own files.',
      );
    }
    return { body: bytes, headers: imageHeaders(type, cacheControl, source) };
  }
  if (type === "image/gif") {
    // Possibly animated; the resizer keeps only the first frame, so GIFs pass through unchanged.
    return { body: bytes, headers: imageHeaders(type, cacheControl, source) };
  }

  let info: ImageInfoResponse;
  try {
    info = await images.info(streamOf(bytes));
  } catch (error) {
    console.warn("image info failed:", error);
    throw new ImageError(415, 'The "url" parameter points at an image that could not be read.');
  }
  if (!("width" in info) || !info.width || !info.height) {
    throw new ImageError(415, 'The "url" parameter points at an image that could not be read.');
  }
  if (info.width * info.height > maxPixels) {
    throw new ImageError(502, `The image is too large to resize (${Math.round((info.width * info.height) / 1e5) / 10} megapixels).`);
  }

  const format = outputFormat(preference, type);
  const lossy = format !== "image/png";
  counted(format);
  const result = await images
    .input(streamOf(bytes))
    // Never upscale: a request wider than the source is served at the source's width.
    .transform({ width: Math.min(width, info.width), fit: "scale-down" })
    .output(lossy ? { format, quality } : { format });
  const body = await result.response().arrayBuffer();
  return { body, headers: imageHeaders(result.contentType() || format, cacheControl, source) };
}

function imageHeaders(contentType: string, cacheControl: string, source: ImageSource): Headers {
  return new Headers({
    "Content-Type": contentType,
    "Cache-Control": cacheControl,
    Vary: "Accept",
    "Content-Security-Policy": imageCsp,
    "Content-Disposition": `inline; filename="${fileName(source, contentType)}"`,
  });
}

const extensions: Record<string, string> = {
  "image/avif": "avif",
  "image/webp": "webp",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/svg+xml": "svg",
};

function fileName(source: ImageSource, contentType: string): string {
  const path = source.kind === "asset" ? source.path.split("?")[0]! : source.url.pathname;
  const base =
    (path.split("/").pop() ?? "")
      .replace(/\.[^.]*$/, "")
      .replace(/[^\w.-]/g, "")
      .slice(0, 100) || "image";
  return `${base}.${extensions[contentType] ?? "img"}`;
}

/** Directus file URLs carry ?v= (modified_on); /static/ files are content-hashed. */
function isVersioned(source: ImageSource): boolean {
  return source.kind === "asset" ? source.path.startsWith("/static/") : !!source.url.searchParams.get("v");
}

/** The best of the offered modern formats the Accept header lists with a non-zero q. */
function preferredFormat(accept: string | undefined): FormatPreference {
  const accepted = new Set<string>();
  for (const part of (accept ?? "").toLowerCase().split(",")) {
    const [type, ...params] = part.split(";").map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith("q="));
    if (type && !(q && Number(q.slice(2)) === 0)) accepted.add(type);
  }
  for (const format of imageOutputFormats) {
    if (accepted.has(format)) return format === "image/avif" ? "avif" : "webp";
  }
  return "source";
}

function outputFormat(preference: FormatPreference, source: SourceType): OutputFormat {
  if (preference === "avif") return "image/avif";
  if (preference === "webp") return "image/webp";
  if (source === "image/jpeg" || source === "image/png") return source;
  return "image/png"; // a WebP/AVIF source for a client that takes neither: PNG keeps transparency
}

function streamOf(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array> {
  return new Blob([bytes]).stream();
}

function served(response: Response, cacheState: "HIT" | "MISS"): Response {
  const headers = new Headers(response.headers);
  headers.set(imageCacheHeader, cacheState);
  headers.set("Vary", "Accept");
  return new Response(response.body, { status: 200, headers });
}

function refusal(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
