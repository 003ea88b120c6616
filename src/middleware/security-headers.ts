import { sha256Base64 } from "../lib/digest";
import { cmsOrigin } from "../lib/cms-origin";
import type { MiddlewareHandler } from "hono";
import type { AppEnv, Bindings } from "../env";

/** A fresh base64 nonce per request for the CSP and every script the page writes. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * `editorFrame`: an editor preview page, which the Directus admin shows in an iframe (Live
 * Preview, Visual Editor): that origin alone may frame it, and the visual-editing overlay may add
 * its style element (the client gives it this nonce). Every other response keeps 'none'.
 */
function contentSecurityPolicy(nonce: string, editorFrame?: { cmsOrigin: string }): string {
  if (!editorFrame) return publicPolicyStart + nonce + publicPolicyEnd;
  return policyParts(nonce, editorFrame);
}

function policyParts(nonce: string, editorFrame?: { cmsOrigin: string }): string {
  return policy(`'nonce-${nonce}'`, editorFrame ? `'nonce-${nonce}'` : null, editorFrame);
}

/** The policy with `trusted` as what script-src trusts besides 'strict-dynamic' (and `styles` in style-src). */
function policy(trusted: string, styles: string | null, editorFrame?: { cmsOrigin: string }): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${trusted} 'strict-dynamic'`,
    styles ? `style-src 'self' ${styles}` : "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // Event venue maps (src/features/events/views/map.ts); the Turnstile widget on forms draws itself in a frame.
    "frame-src 'self' https://www.google.com https://challenges.cloudflare.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${editorFrame ? editorFrame.cmsOrigin : "'none'"}`,
  ].join("; ");
}

// Every public page's policy differs only by its nonce: built once, joined around it per request.
const [publicPolicyStart, publicPolicyEnd] = policyParts("\u0000").split("\u0000") as [string, string];

/**
 * The policy of a public page that runs no outside script: the same for every request of a
 * build, so a page-cache hit is the stored bytes as they are. Instead of a nonce it trusts the
 * client entry by its Subresource Integrity hash (the page's module script carries it; what the
 * entry imports and inserts then runs under 'strict-dynamic') and the page's inline scripts
 * (`inlineScripts`: the consent mark, the speculation rules) by their SHA-256. The page's other
 * script elements are data (the state, JSON-LD), which a policy does not run anyway. Null without
 * an entry hash (dev).
 */
export async function hashedPagePolicy(entryIntegrity: string | undefined, inlineScripts: readonly string[]): Promise<string | null> {
  if (!entryIntegrity) return null;
  const hashes = await Promise.all(inlineScripts.map(async (text) => `'sha256-${await sha256Base64(text)}'`));
  return policy([`'${entryIntegrity}'`, ...hashes].join(" "), null);
}

/**
 * The security headers of a public page (no editor frame) as a list, for answers that build
 * their headers at once (the page cache's hits before the app). `nonce`: the page's policy is
 * built with it; null: the page keeps the policy it was rendered with (`hashedPagePolicy`).
 */
export function publicPageSecurityHeaders(nonce: string | null, env: Pick<Bindings, "ENVIRONMENT">): [string, string][] {
  const headers: [string, string][] = Object.entries(commonSecurityHeaders);
  if (nonce !== null) headers.unshift(["Content-Security-Policy", contentSecurityPolicy(nonce)]);
  if (env.ENVIRONMENT === "prod") headers.push(["Strict-Transport-Security", strictTransportSecurity]);
  return headers;
}

/**
 * Headers of every response, the worker's and the static files' (scripts/build.mjs writes them
 * into dist/client/_headers, which Workers Static Assets applies: the worker never sees those).
 */
export const commonSecurityHeaders: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
};

export const strictTransportSecurity = "max-age=63072000; includeSubDomains; preload";

/** CSP of static files (scripts, styles, fonts, images): nothing in them may load or run anything. */
export const staticFileCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The security headers of a worker response. `editorFrame`: an editor's preview page, which
 * Directus' admin may frame. A handler's own CSP (images) is kept, and still may not be framed.
 */
function applySecurityHeaders(headers: Headers, nonce: string, env: Bindings, editorFrame = false): void {
  const csp = headers.get("Content-Security-Policy");
  if (!csp) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, editorFrame ? { cmsOrigin: cmsOrigin(env) } : undefined));
  // frame-ancestors has no fallback.
  else if (!/(^|;)\s*frame-ancestors\s/.test(csp)) headers.set("Content-Security-Policy", `${csp}; frame-ancestors 'none'`);
  for (const [name, value] of Object.entries(commonSecurityHeaders)) headers.set(name, value);
  // X-Frame-Options cannot name an origin; frame-ancestors above does, and takes precedence.
  if (editorFrame && !csp) headers.delete("X-Frame-Options");
  if (env.ENVIRONMENT === "prod") headers.set("Strict-Transport-Security", strictTransportSecurity);
}

/** Sets the per-request nonce and the security headers on every response of the worker. */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const nonce = createNonce();
    c.set("nonce", nonce);
    await next();
    // Responses passed through from fetch() have immutable headers: copy those first.
    if (!isMutable(c.res.headers)) c.res = new Response(c.res.body, c.res);
    const editorFrame = c.get("preview") === true && Boolean(c.res.headers.get("content-type")?.startsWith("text/html"));
    applySecurityHeaders(c.res.headers, nonce, c.env, editorFrame);
  };
}

function isMutable(headers: Headers): boolean {
  try {
    headers.set("X-Content-Type-Options", "nosniff");
    return true;
  } catch {
    return false;
  }
}
