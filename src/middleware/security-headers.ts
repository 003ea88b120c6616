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

/** Sets the per-request nonce and the security headers on every response of the worker. */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const nonce = createNonce();
    c.set("nonce", nonce);
    await next();
    // Responses passed through from fetch() have immutable headers: copy those first.
    if (!isMutable(c.res.headers)) c.res = new Response(c.res.body, c.res);
    const headers = c.res.headers;
    if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    if (c.env.ENVIRONMENT === "prod") {
      headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
    }
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
