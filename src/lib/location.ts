import type { Context } from "hono";
// The judge Directus' redirect check on save runs too (its flow gets the function's source).
import { judgeLocation } from "../../cms/scripts/redirect-rules.mjs";

/**
 * Every Location the worker sends is decided here: a path on this site, or a URL on a host the
 * caller allows (the CMS's redirect hosts). The judge resolves it as a browser will (dot segments,
 * percent-encoding, backslashes, control characters) before anything is sent.
 */
export type RedirectStatus = 301 | 302 | 303 | 307 | 308;

const base = "http://local.invalid";

/** `location` when it is safe to send, else null (see `judgeLocation` in cms/scripts/redirect-rules.mjs). */
export function siteLocation(location: string | null | undefined, allowedHosts: readonly string[] = []): string | null {
  return judgeLocation(location, allowedHosts);
}

/**
 * A path on this site from a visitor's input (`return=`, `path=`, a form's source page), parsed as
 * the browser will and normalised (query and fragment kept), or null when it is not one.
 */
export function safeLocalPath(value: string | undefined | null): string | null {
  if (!value || value.length > 2048 || !value.startsWith("/")) return null;
  // Tabs and newlines vanish in the URL parser (`/\t/x` is `//x`); other controls have no business here.
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return judgeLocation(url.pathname + url.search + url.hash);
}

/**
 * A redirect answer outside a route handler (middleware): the Location judged, or null when the
 * judge refuses it and the caller must answer otherwise.
 */
export function redirectResponse(
  location: string,
  status: RedirectStatus | 410,
  { allowedHosts = [], headers = {} }: { allowedHosts?: readonly string[]; headers?: Record<string, string> } = {},
): Response | null {
  const judged = siteLocation(location, allowedHosts);
  return judged === null ? null : new Response(null, { status, headers: { ...headers, Location: judged } });
}

/**
 * Answers with a redirect to `location` (after headers set on `c`, such as cookies). A location
 * the judge refuses is replaced by `fallback`, a path on this site.
 */
export function redirectTo(
  c: Context,
  location: string | null | undefined,
  status: RedirectStatus,
  { allowedHosts = [], fallback = "/" }: { allowedHosts?: readonly string[]; fallback?: string } = {},
): Response {
  return c.redirect(siteLocation(location, allowedHosts) ?? fallback, status);
}

/**
 * Back to the page a visitor posted from, with the outcome in the query and the part of the page
 * that answered in view: `/pricing?form-demo=sent#form-demo`. Any other query and fragment of the
 * page are kept and replaced where they clash.
 */
export function redirectBack(
  c: Context,
  page: string | null | undefined,
  outcome: Record<string, string>,
  anchor: string,
  fallback = "/",
): Response {
  const url = new URL(safeLocalPath(page) ?? fallback, base);
  for (const [name, value] of Object.entries(outcome)) url.searchParams.set(name, value);
  url.hash = anchor;
  return redirectTo(c, url.pathname + url.search + url.hash, 303, { fallback });
}
