import { sha256Base64 } from "../lib/digest";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";
import type { AppEnv } from "../env";
import { versionedReadFor, type PreviewVersion } from "../content/extensions.server";
import { secretsEqual } from "../lib/secrets.server";

export const previewCookieName = "meridian_preview";
/** `collection:id:key`: the one item whose content version the preview shows. */
export const previewVersionCookieName = "meridian_preview_version";
/** A release's id: the preview shows the whole site as it will be once the release is published. */
export const previewReleaseCookieName = "meridian_preview_release";
export const releaseIdPattern = /^\d{1,12}$/;
const previewHeaderName = "X-Preview-Token";
/** A preview session lasts a working day. */
const previewCookieMaxAge = 60 * 60 * 8;

/** The cookie holds a digest of the token, never the token itself. */
export async function previewCookieValue(token: string): Promise<string> {
  return sha256Base64(`meridian-preview:${token}`, { url: true });
}

export const idPattern = /^[\w-]{1,64}$/;
export const versionKeyPattern = /^[\w-]{1,64}$/;

export function previewVersionValue(version: PreviewVersion): string {
  return `${version.collection}:${version.id}:${version.key}`;
}

/** The version cookie's item and key, or null when it is not one the site can show. */
function parsePreviewVersion(value: string | undefined): PreviewVersion | null {
  const [collection, id, key, ...rest] = (value ?? "").split(":");
  if (rest.length || !collection || !id || !key) return null;
  if (!versionedReadFor(collection) || !idPattern.test(id) || !versionKeyPattern.test(key)) return null;
  return { collection, id, key };
}

const loopback = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * Attributes of the preview cookies. Inside the Directus admin (Live Preview, Visual Editor) the
 * site is a cross-site iframe, where browsers neither set nor send `SameSite=Lax` cookies: there
 * they are `SameSite=None; Secure; Partitioned` (partitioned by the CMS as the top-level site, so
 * they also work where third-party cookies are blocked). Browsers accept `Secure` from https and
 * from localhost / 127.0.0.1 over http. Opened as a page of its own, the preview keeps `Lax`.
 */
export function previewCookieOptions(c: Context<AppEnv>): CookieOptions {
  const url = new URL(c.req.url);
  const secureContext = url.protocol === "https:" || loopback.test(url.hostname);
  if (c.req.header("sec-fetch-dest") === "iframe" && secureContext) {
    return { path: "/", httpOnly: true, secure: true, sameSite: "None", partitioned: true, maxAge: previewCookieMaxAge };
  }
  return { path: "/", httpOnly: true, secure: c.env.SITE_URL.startsWith("https:"), sameSite: "Lax", maxAge: previewCookieMaxAge };
}

/** Ends a preview session: both cookies, in the page's jar and in a CMS iframe's partition. */
export function clearPreviewCookies(c: Context<AppEnv>): void {
  const partitioned = previewCookieOptions(c).partitioned === true;
  for (const name of [previewCookieName, previewVersionCookieName, previewReleaseCookieName]) {
    deleteCookie(c, name, partitioned ? { path: "/", secure: true, sameSite: "None", partitioned: true } : { path: "/" });
  }
}

/**
 * Editor preview: a request with the preview token (header) or the preview cookie is served
 * privately from Directus drafts. A wrong token is a 401, never a silent public page.
 */
export function preview(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const expected = c.env.DIRECTUS_PREVIEW_TOKEN;
    const header = c.req.header(previewHeaderName);
    const cookie = getCookie(c, previewCookieName);
    let isPreview = false;
    if (header !== undefined) {
      if (!(await secretsEqual(header, expected))) return unauthorized(c, "The preview token is not valid.");
      isPreview = true;
    } else if (cookie !== undefined) {
      if (!expected || !(await secretsEqual(cookie, await previewCookieValue(expected)))) {
        clearPreviewCookies(c);
        return unauthorized(c, "This preview session is no longer valid. Open the preview link from the CMS again.");
      }
      isPreview = true;
    }
    c.set("preview", isPreview);
    if (isPreview) {
      const version = parsePreviewVersion(getCookie(c, previewVersionCookieName));
      if (version) c.set("previewVersion", version);
      const release = getCookie(c, previewReleaseCookieName);
      if (release && releaseIdPattern.test(release)) c.set("previewReleaseId", release);
    }
    await next();
    if (isPreview) {
      c.res.headers.set("Cache-Control", "private, no-store");
      c.res.headers.set("X-Robots-Tag", "noindex");
    }
  };
}

function unauthorized(c: Context<AppEnv>, message: string) {
  c.header("Cache-Control", "no-store");
  return c.text(message, 401);
}
