import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { secretsEqual } from "../lib/secrets.server";

export const previewCookieName = "meridian_preview";
export const previewHeaderName = "X-Preview-Token";

/** The cookie holds a digest of the token, never the token itself. */
export async function previewCookieValue(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`meridian-preview:${token}`));
  return btoa(String.fromCharCode(...new Uint8Array(digest))).replace(/[+/=]/g, (ch) => ({ "+": "-", "/": "_", "=": "" })[ch]!);
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
        deleteCookie(c, previewCookieName, { path: "/" });
        return unauthorized(c, "This preview session is no longer valid. Open the preview link from the CMS again.");
      }
      isPreview = true;
    }
    c.set("preview", isPreview);
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
