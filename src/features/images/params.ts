import { allowedWidths, defaultImageQuality, imageEndpoint, maxImageUrlLength } from "../../config/images";

/** Where the source image comes from: the site's own static files, or an allowlisted host. */
export type ImageSource = { kind: "asset"; path: string } | { kind: "remote"; url: URL };

interface ImageParams {
  source: ImageSource;
  width: number;
  quality: number;
}

export interface ParamContext {
  /** Origins that mean "this site" (SITE_URL, the request's own origin): their URLs are assets. */
  siteOrigins: readonly string[];
  /** Remote origins images may come from (the Directus origin, IMAGE_ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
}

export type ParseResult = { ok: true; params: ImageParams } | { ok: false; message: string };

const widthList = allowedWidths.join(", ");

/** The messages of every refusal (400), each naming its parameter. */
const paramMessages = {
  urlMissing: 'The "url" parameter is required: the address of the image to resize.',
  urlTwice: 'The "url" parameter must be given only once.',
  urlTooLong: `The "url" parameter is longer than ${maxImageUrlLength} characters.`,
  urlProtocolRelative: 'The "url" parameter must not be protocol-relative (starting with //): use a path on this site or an https URL.',
  urlInvalid: 'The "url" parameter must be a path on this site (starting with /) or an absolute http(s) URL.',
  urlScheme: (scheme: string) => `The "url" parameter must be an http or https URL, not ${scheme}.`,
  urlCredentials: 'The "url" parameter must not contain a user name or password.',
  urlHost: (host: string) => `The "url" parameter points at ${host}, which is not an allowed image host.`,
  urlLoop: `The "url" parameter must not point at ${imageEndpoint} itself.`,
  widthMissing: `The "w" parameter is required: one of ${widthList}.`,
  widthTwice: 'The "w" parameter must be given only once.',
  widthNotInteger: `The "w" parameter must be a whole number: one of ${widthList}.`,
  widthNotAllowed: (width: number) => `The "w" parameter must be one of ${widthList}; ${width} is not.`,
  qualityTwice: 'The "q" parameter must be given only once.',
  qualityInvalid: 'The "q" parameter must be a whole number from 1 to 100.',
} as const;

const fail = (message: string): ParseResult => ({ ok: false, message });

/** Validates `url`, `w` and `q` of a /_next/image request. Pure: no I/O. */
export function parseImageParams(query: URLSearchParams, context: ParamContext): ParseResult {
  const urls = query.getAll("url");
  if (urls.length > 1) return fail(paramMessages.urlTwice);
  const raw = urls[0];
  if (!raw) return fail(paramMessages.urlMissing);
  if (raw.length > maxImageUrlLength) return fail(paramMessages.urlTooLong);
  const source = parseSource(raw, context);
  if ("message" in source) return fail(source.message);

  const widths = query.getAll("w");
  if (widths.length > 1) return fail(paramMessages.widthTwice);
  const rawWidth = widths[0];
  if (!rawWidth) return fail(paramMessages.widthMissing);
  if (!/^\d{1,6}$/.test(rawWidth)) return fail(paramMessages.widthNotInteger);
  const width = Number(rawWidth);
  if (!allowedWidths.includes(width)) return fail(paramMessages.widthNotAllowed(width));

  const qualities = query.getAll("q");
  if (qualities.length > 1) return fail(paramMessages.qualityTwice);
  let quality = defaultImageQuality;
  if (qualities.length === 1) {
    const rawQuality = qualities[0]!;
    if (!/^\d{1,3}$/.test(rawQuality)) return fail(paramMessages.qualityInvalid);
    quality = Number(rawQuality);
    if (quality < 1 || quality > 100) return fail(paramMessages.qualityInvalid);
  }
  return { ok: true, params: { source, width, quality } };
}

const localBase = "https://site.invalid";

function parseSource(raw: string, { siteOrigins, allowedOrigins }: ParamContext): ImageSource | { message: string } {
  // Browsers read "/\host" and "\\host" as "//host": all are protocol-relative.
  if (/^[/\\][/\\]/.test(raw) || raw.startsWith("\\")) return { message: paramMessages.urlProtocolRelative };
  if (/^\s/.test(raw) || /[\u0000-\u001f]/.test(raw)) return { message: paramMessages.urlInvalid };
  if (raw.startsWith("/")) {
    const resolved = new URL(raw, localBase);
    if (resolved.origin !== localBase) return { message: paramMessages.urlProtocolRelative };
    return localAsset(resolved);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw);
    return { message: scheme ? paramMessages.urlScheme(`${scheme[1]!.toLowerCase()}:`) : paramMessages.urlInvalid };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { message: paramMessages.urlScheme(url.protocol) };
  if (url.username || url.password) return { message: paramMessages.urlCredentials };
  if (siteOrigins.includes(url.origin)) return localAsset(url);
  if (!allowedOrigins.includes(url.origin)) return { message: paramMessages.urlHost(url.host) };
  if (pointsAtEndpoint(url)) return { message: paramMessages.urlLoop };
  url.hash = "";
  return { kind: "remote", url };
}

function localAsset(url: URL): ImageSource | { message: string } {
  if (pointsAtEndpoint(url)) return { message: paramMessages.urlLoop };
  return { kind: "asset", path: url.pathname + url.search };
}

function pointsAtEndpoint(url: URL): boolean {
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape cannot spell the endpoint either
  }
  path = path.toLowerCase().replace(/\/{2,}/g, "/");
  return path === imageEndpoint || path.startsWith(`${imageEndpoint}/`);
}

/** Origins from a comma-separated list; entries that are not URLs are ignored. */
export function originsFrom(...lists: (string | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const list of lists) {
    for (const entry of (list ?? "").split(",")) {
      const trimmed = entry.trim();
      if (!trimmed) continue;
      try {
        const { origin, protocol } = new URL(trimmed);
        if (protocol === "http:" || protocol === "https:") origins.add(origin);
      } catch {
        console.warn(`image origins: "${trimmed}" is not a URL, ignored`);
      }
    }
  }
  return [...origins];
}
