import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";

/** A fresh base64 nonce per request for the CSP and every script the page writes. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self' https://www.google.com", // event venue maps (src/views/events/map.ts)
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
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

/** Sets the per-request nonce and the security headers on every response of the worker. */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const nonce = createNonce();
    c.set("nonce", nonce);
    await next();
    // Responses passed through from fetch() have immutable headers: copy those first.
    if (!isMutable(c.res.headers)) c.res = new Response(c.res.body, c.res);
    const headers = c.res.headers;
    const csp = headers.get("Content-Security-Policy");
    if (!csp) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
    // A handler's own policy (images) still may not be framed: frame-ancestors has no fallback.
    else if (!/(^|;)\s*frame-ancestors\s/.test(csp)) headers.set("Content-Security-Policy", `${csp}; frame-ancestors 'none'`);
    for (const [name, value] of Object.entries(commonSecurityHeaders)) headers.set(name, value);
    if (c.env.ENVIRONMENT === "prod") headers.set("Strict-Transport-Security", strictTransportSecurity);
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
