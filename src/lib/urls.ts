/**
 * A path on this site, safe to redirect to: starts with one "/", no scheme, no host, no
 * backslash tricks. Returns the normalised path with query, or null.
 */
export function safeLocalPath(value: string | undefined | null): string | null {
  if (!value || value.length > 2048 || !value.startsWith("/") || value.startsWith("//")) return null;
  if (/[\\\u0000-\u001f]/.test(value)) return null;
  const base = "http://local.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return url.pathname + url.search + url.hash;
}

/** An absolute http(s) URL from the CMS (apply links, booking links, LinkedIn), or null. */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
