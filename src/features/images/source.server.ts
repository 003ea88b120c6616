import type { ImageSource } from "./params";

/** A refusal or upstream failure with its status and a message a person can read. */
export class ImageError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 415 | 502 | 504,
    message: string,
  ) {
    super(message);
    this.name = "ImageError";
  }
}

export interface SourceLimits {
  fetch: typeof fetch;
  /** Whole upstream exchange (redirects and body included). */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** May a redirect go to this URL? (allowlisted remote origins only) */
  isAllowed: (url: URL) => boolean;
  /** The Authorization header for this URL, if any (asked again at every redirect). */
  authorizationFor?: (url: URL) => string | undefined;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : bytes >= 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${bytes} bytes`;

/**
 * The source image's bytes: from the site's static files (env.ASSETS) or an allowlisted host.
 * Never hangs (one deadline for everything), never reads more than `maxBytes`, follows at most
 * `maxRedirects` redirects and only to allowed origins.
 */
export async function loadSource(
  source: ImageSource,
  assets: Fetcher,
  origin: string,
  limits: SourceLimits,
): Promise<Uint8Array<ArrayBuffer>> {
  const controller = new AbortController();
  const deadline = new Promise<never>((_, reject) => {
    controller.signal.addEventListener("abort", () =>
      reject(new ImageError(504, `The image host did not answer within ${limits.timeoutMs / 1000} s.`)),
    );
  });
  deadline.catch(() => {});
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  const race = <T>(promise: Promise<T>) => Promise.race([promise, deadline]);
  try {
    const response =
      source.kind === "asset"
        ? await race(assets.fetch(new Request(new URL(source.path, origin), { signal: controller.signal })))
        : await fetchRemote(source.url, limits, controller.signal, race);
    if (source.kind === "asset" && response.status !== 200) {
      await response.body?.cancel().catch(() => {});
      if (response.status === 404 || (response.status >= 300 && response.status < 400)) {
        throw new ImageError(404, 'The "url" parameter names a file this site does not have.');
      }
      throw new ImageError(502, `The site's static files answered ${response.status}.`);
    }
    return await readCapped(response, limits.maxBytes, race);
  } catch (error) {
    if (error instanceof ImageError) throw error;
    console.error("image source failed:", error);
    throw new ImageError(502, "The image could not be loaded.");
  } finally {
    clearTimeout(timer);
  }
}

async function fetchRemote(
  start: URL,
  limits: SourceLimits,
  signal: AbortSignal,
  race: <T>(promise: Promise<T>) => Promise<T>,
): Promise<Response> {
  let url = start;
  for (let redirects = 0; ; redirects++) {
    let response: Response;
    const headers: Record<string, string> = { Accept: "image/avif,image/webp,image/*;q=0.8" };
    const authorization = limits.authorizationFor?.(url);
    if (authorization) headers.Authorization = authorization;
    try {
      response = await race(limits.fetch(url.href, { redirect: "manual", signal, headers }));
    } catch (error) {
      if (error instanceof ImageError) throw error;
      if (signal.aborted) throw new ImageError(504, `The image host did not answer within ${limits.timeoutMs / 1000} s.`);
      throw new ImageError(502, "The image host could not be reached.");
    }
    if (redirectStatuses.has(response.status)) {
      await response.body?.cancel().catch(() => {});
      const location = response.headers.get("location");
      if (!location) throw new ImageError(502, "The image host redirected without saying where to.");
      if (redirects >= limits.maxRedirects) throw new ImageError(502, "The image host redirected too many times.");
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new ImageError(502, "The image host redirected to an invalid address.");
      }
      if (!limits.isAllowed(next))
        throw new ImageError(502, `The image host redirected to ${next.host}, which is not an allowed image host.`);
      url = next;
      continue;
    }
    if (response.ok) return response;
    await response.body?.cancel().catch(() => {});
    if (response.status === 404 || response.status === 410) throw new ImageError(404, "The image was not found on its host.");
    // Directus answers 403 for a file that does not exist as well as for one that is not public.
    if (response.status === 401 || response.status === 403) {
      throw new ImageError(404, `The image was not found on its host, or is not public there (${response.status}).`);
    }
    if (response.status >= 500) throw new ImageError(502, `The image host failed (${response.status}).`);
    // Any other 4xx: the address the visitor gave is not an image the host serves.
    throw new ImageError(400, `The "url" parameter points at an address the image host refuses (${response.status}).`);
  }
}

/** Reads a body up to `maxBytes`, checking Content-Length first and every chunk as it streams. */
async function readCapped(
  response: Response,
  maxBytes: number,
  race: <T>(promise: Promise<T>) => Promise<T>,
): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => new ImageError(502, `The image is larger than ${sizeText(maxBytes)}.`);
  const declared = Number(response.headers.get("content-length"));
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await race(reader.read());
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge();
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    if (error instanceof ImageError) throw error;
    throw new ImageError(502, "The image host broke off the download.");
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
